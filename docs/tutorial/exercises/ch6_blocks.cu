//: expect fail resources 7
// Chapter 6, exercise: every thread doubles "its" element. The kernel is fine
// when launched with one block; kprove verifies it for every launch. What goes
// wrong with two blocks? Fix the kernel and its contract.
/*@
  context d != NULL && \pointer_length(d) == blockDim.x * gridDim.x;
  context Perm(&d[threadIdx.x], write);
  ensures d[threadIdx.x] == 2 * \old(d[threadIdx.x]);
@*/
__global__ void twice(unsigned *d) {
  d[threadIdx.x] = 2 * d[threadIdx.x];
}
