//: expect invalid unsupported 9
// WRONG: __syncthreads_or under a thread-dependent condition (divergent barrier).
// Expected: `unsupported` at the call.
__device__ int __syncthreads_or(int predicate);

__global__ void k(int *out) {
  int c = 0;
  if (threadIdx.x % 2 == 1) {
    c = __syncthreads_or(1); // <-A
  }
}
