//: expect fail bounds 19
//: expect fail perm.write 19
// WRONG (CUDA): float keeps 24 bits of an int, double all 32. For n = 16777217
// the round trip through float gives 16777216 and the one through double
// 16777217: thread t writes out[t + 1], its neighbour's cell (a race, and out of
// bounds for the last thread). The two conversions used to be one function of n,
// so the offset was "proved" to be 0.
/*@
  context in != NULL && out != NULL && \pointer_length(in) == blockDim.x * gridDim.x && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&in[blockIdx.x * blockDim.x + threadIdx.x], 1\2) ** Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
  requires 0 <= in[blockIdx.x * blockDim.x + threadIdx.x] && in[blockIdx.x * blockDim.x + threadIdx.x] <= 20000000;
@*/
__global__ void k(int *in, int *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int n = in[t];
  long long viaFloat = (long long)(float)n;
  long long viaDouble = (long long)(double)n;
  int step = viaFloat == viaDouble ? 0 : 1;
  out[t + step] = n; // <-A
}
