//: expect fail resources 12
// Failing sibling of device_array.cu, one deliberate bug: the block offset is dropped
//   from the stage index. A __device__ array is one for the whole grid, so the four
//   blocks' threads claim the same 64 cells (resources).
__device__ int stage[256];

/*@
  context blockDim.x == 64 && gridDim.x == 4;
  context in != NULL && \pointer_length(in) == 256 && in != stage;
  context out != NULL && \pointer_length(out) == 256 && out != stage;
  context Perm(&in[blockIdx.x * 64 + threadIdx.x], 1\2);
  context Perm(&stage[threadIdx.x], write);
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  ensures out[blockIdx.x * 64 + threadIdx.x] == in[blockIdx.x * 64 + threadIdx.x];
@*/
__global__ void staged_copy(int *in, int *out) {
  int i = blockIdx.x * 64 + threadIdx.x;
  stage[threadIdx.x] = in[i];
  out[i] = stage[threadIdx.x];
}
