//: expect fail barrier.divergence 7
// WRONG: CUDA loop bound threadIdx.x % 4: different trip counts around a barrier.
__global__ void k(int *out) {
  int i = 0;
  //@ loop_invariant 0 <= i;
  while (i < threadIdx.x % 4) {
    __syncthreads(); // <-A
    i++;
  }
}
