//: expect fail perm.write 12
//: expect fail bounds 12
// WRONG: slot() has no body and no contract; its result may be the same for all threads,
// so the write races. Correct verdict: `unsupported` (or perm.write + bounds).
__device__ int slot(int x);
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[slot(g)] = 1; // <-A
}
