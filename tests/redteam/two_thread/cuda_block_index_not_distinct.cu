//: expect fail assert 16
// Two threads of one block share blockIdx.x: a block index is not distinct between threads
// (GPUVerify's second thread may be in this thread's block).
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void rounds(int *out, int n) {
  __requires(n >= 1 && n <= 64);
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int r = 0;
  while (__invariant(__uniform_int(r)), __invariant(0 <= r && r <= n), r < n) {
    r++;
  }
  __assert(__distinct_int(g));
  __assert(__distinct_int(blockIdx.x));
  out[g] = r;
}
