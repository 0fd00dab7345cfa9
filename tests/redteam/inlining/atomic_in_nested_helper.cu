//: expect fail perm.read 14
// WRONG: the atomic is two inlined helpers deep (outer calls inner); the plain read
// of count[0] races with it. Correct verdict: perm.read on the plain read.
__device__ void inner(int *c) { atomicAdd(&c[0], 1); }
__device__ void outer(int *d) { inner(d); }
/*@
  context in != NULL && count != NULL && in != count;
  context \pointer_length(in) == n && \pointer_length(count) == 1;
  context Perm(&count[0], 1\(blockDim.x * gridDim.x));
  context blockIdx.x * blockDim.x + threadIdx.x < n ==> Perm(&in[blockIdx.x * blockDim.x + threadIdx.x], 1\2);
@*/
__global__ void k(int *in, int *count, int n, int cap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0 && count[0] < cap)
    outer(count);
}
