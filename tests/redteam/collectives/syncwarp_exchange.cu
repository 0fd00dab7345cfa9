//: expect invalid unsupported 14
// WRONG: __syncwarp synchronises one warp only, yet the shared cell of a thread 32 lanes
// away is read. Expected: `unsupported` at the call (not modelled).
__device__ void __syncwarp(unsigned mask);
/*@
  context blockDim.x == 64;
  context out != NULL && \pointer_length(out) == 64 * gridDim.x;
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp(0xffffffffu);
  out[blockIdx.x * 64 + threadIdx.x] = s[(threadIdx.x + 32) % 64]; // <-A (the call is an unknown no-op; the unsynchronised read is caught)
}
