//: expect fail barrier.divergence 8
// WRONG: threads with threadIdx.x >= 16 return before the __syncthreads the others wait
// at. Correct verdict: barrier.divergence at the barrier.
__global__ void k(int *out) {
  if (threadIdx.x >= 16) {
    return;
  }
  __syncthreads(); // <-A
}
