//: expect fail resources 13
// Failing sibling of device_array.cu, one deliberate bug: the contract no longer says
//   `out != stage` (it keeps `in != stage`). The host may pass stage's address (cudaGetSymbolAddress) as `out`;
//   then each thread's two write permissions are to one cell (resources).
__device__ int stage[256];

/*@
  context blockDim.x == 64 && gridDim.x == 4;
  context in != NULL && \pointer_length(in) == 256 && in != stage;
  context out != NULL && \pointer_length(out) == 256;
  context Perm(&in[blockIdx.x * 64 + threadIdx.x], 1\2);
  context Perm(&stage[blockIdx.x * 64 + threadIdx.x], write);
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  ensures out[blockIdx.x * 64 + threadIdx.x] == in[blockIdx.x * 64 + threadIdx.x];
@*/
__global__ void staged_copy(int *in, int *out) {
  int i = blockIdx.x * 64 + threadIdx.x;
  stage[i] = in[i];
  out[i] = stage[i];
}
