//: expect verified
// GPUVerify's two-thread predicates in CUDA (docs/language.md §11.9): global thread numbers
// differ between any two threads, thread indices only within one block, and the round
// counter of a loop every thread runs alike is the same in all of them.
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
  __assert(__uniform_int(r));
  __assert(__distinct_int(g));
  __assert(__implies(blockIdx.x == __other_int(blockIdx.x), __distinct_int(threadIdx.x)));
  out[g] = r;
}
