//: expect fail perm.read 17
// WRONG: the atomicAdd in bump (inlined) updates count[0]; the plain read count[0]
// races with other threads' atomics (any launch of 2 threads with in = {1, 1}).
// Correct verdict: perm.read on the plain read (a write permission is needed).
__device__ void bump(int *c) { atomicAdd(&c[0], 1); }
/*@
  context in != NULL && count != NULL && in != count;
  context \pointer_length(in) == n && \pointer_length(count) == 1;
  context Perm(&count[0], 1\(blockDim.x * gridDim.x));
  context blockIdx.x * blockDim.x + threadIdx.x < n ==>
    Perm(&in[blockIdx.x * blockDim.x + threadIdx.x], 1\2);
@*/
__global__ void count_positive(int *in, int *count, int n, int cap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (in[i] > 0) {
      if (count[0] < cap) { // <-A
        bump(count);
      }
    }
  }
}
