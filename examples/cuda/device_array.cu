//: expect verified
// A __device__ array is global memory of the whole grid, of unknown contents at launch:
// each thread of each block stages its element of `in` in `stage` (its own cell, handed
// out by the contract like a buffer parameter's), then copies it to `out`. The host may
// pass stage's address as a parameter, so the contract states `out != stage`.
__device__ int stage[256];

/*@
  context blockDim.x == 64 && gridDim.x == 4;
  context in != NULL && \pointer_length(in) == 256 && in != stage;
  context out != NULL && \pointer_length(out) == 256 && out != stage;
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
