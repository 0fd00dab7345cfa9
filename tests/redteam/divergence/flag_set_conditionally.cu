//: expect fail barrier.divergence 9
// WRONG: c becomes 1 only in thread 0, so `if (c == 0)` is thread-dependent.
__global__ void k(int *out) {
  int c = 0;
  if (threadIdx.x == 0) {
    c = 1;
  }
  if (c == 0) {
    __syncthreads(); // <-A
  }
}
