//: expect verified
// CONTROL: blockIdx.x is the same for every thread of a block, so the barrier is uniform
// within each block; must verify.
__global__ void k(int *out) {
  if (blockIdx.x == 0) {
    __syncthreads();
  }
}
