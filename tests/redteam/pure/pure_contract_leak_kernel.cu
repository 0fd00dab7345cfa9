//: expect fail perm.write 13
// WRONG: an unused bodiless helper with an inconsistent contract must not make the race
// in the kernel (everyone writes out[0]) disappear.
/*@
  ensures \result > 0 && \result < 0;
@*/
__device__ int bad(int n);
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  out[0] = 1; // <-A
}
