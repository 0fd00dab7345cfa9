//: expect invalid unsupported 7
// WRONG: __syncthreads_and (a CUDA builtin, not in kprove's prelude) under a
// thread-dependent condition. Expected: `unsupported` at the call.
__global__ void k(int *out) {
  int c = 0;
  if (threadIdx.x == 0) {
    c = __syncthreads_and(1); // <-A
  }
}
