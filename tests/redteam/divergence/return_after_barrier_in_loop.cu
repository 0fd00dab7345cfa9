//: expect fail barrier.divergence 8
// WRONG: CUDA twin: thread i leaves the loop by return after the i-th __syncthreads; the
// next iteration's barrier diverges. Correct verdict: barrier.divergence.
__global__ void k(int *out) {
  int i = 0;
  //@ loop_invariant 0 <= i && i <= 4;
  while (i < 4) {
    __syncthreads(); // <-A
    if (threadIdx.x == i) {
      return;
    }
    i++;
  }
}
