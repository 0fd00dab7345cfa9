//: expect fail barrier.divergence 12
// WRONG: a user helper get_local_size returning 2; threadIdx.x < 2 is thread-dependent,
// so the barrier diverges. Read as the builtin (== blockDim.x) it would be always true.
/*@
  ensures \result == 2;
@*/
__device__ int get_local_size(int d) {
  return 2;
}
__global__ void k(int *out) {
  if (threadIdx.x < get_local_size(0)) {
    __syncthreads(); // <-A
  }
}
