//: expect verified
// Chapter 6, solution: with threadIdx.x alone, thread 0 of block 0 and thread 0 of
// block 1 claim the same cell. The global index names one cell per thread.
/*@
  context d != NULL && \pointer_length(d) == blockDim.x * gridDim.x;
  context Perm(&d[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures d[blockIdx.x * blockDim.x + threadIdx.x] == 2 * \old(d[blockIdx.x * blockDim.x + threadIdx.x]);
@*/
__global__ void twice(unsigned *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i] = 2 * d[i];
}
