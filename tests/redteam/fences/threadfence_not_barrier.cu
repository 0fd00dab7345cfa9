//: expect fail perm.read 14
// WRONG: __threadfence() orders memory but does not synchronise; the neighbour's shared
// cell is read without any barrier. Correct verdict: perm.read on the read.
/*@
  context blockDim.x == 64;
  context out != NULL && \pointer_length(out) == 64 * gridDim.x;
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __threadfence(); // <-A kprove rejects the call (unsupported); perm.read on the next line would also be right
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
