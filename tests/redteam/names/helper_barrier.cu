//: expect fail perm.read 16
// WRONG: `barrier` is a user no-op in CUDA, not a synchronisation; the neighbour's shared
// cell is read without one. Correct verdict: perm.read at the read.
__device__ void barrier(int flags) {
}
/*@
  context blockDim.x == 64;
  context out != NULL && \pointer_length(out) == 64 * gridDim.x;
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  barrier(1);
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64]; // <-A
}
