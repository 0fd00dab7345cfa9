//: expect fail barrier.divergence 7
//: expect fail barrier.divergence 9
// WRONG: odd and even threads wait at two DIFFERENT __syncthreads (undefined in CUDA:
// each barrier is reached by only part of the block). Correct: barrier.divergence on both.
__global__ void k(int *out) {
  if (threadIdx.x % 2 == 1) {
    __syncthreads(); // <-A
  } else {
    __syncthreads(); // <-B
  }
}
