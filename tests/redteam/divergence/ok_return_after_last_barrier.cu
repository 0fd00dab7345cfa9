//: expect verified
// CONTROL (near-miss of return_after_barrier_in_loop.cu): the thread-dependent return
// comes after the only barrier, outside any loop; must verify.
__global__ void k(int *out) {
  __syncthreads();
  if (threadIdx.x == 0) {
    return;
  }
}
