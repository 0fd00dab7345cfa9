//: expect fail post 13
// Failing sibling of device_array.cu, one deliberate bug: the kernel copies stage to out
//   without writing stage first. The initialiser ran when the module was loaded, and
//   earlier launches or the host may have changed stage since: its contents at launch
//   are unknown (post).
__device__ int stage[256] = {0};

/*@
  context blockDim.x == 64 && gridDim.x == 4;
  context out != NULL && \pointer_length(out) == 256 && out != stage;
  context Perm(&stage[blockIdx.x * 64 + threadIdx.x], write);
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  ensures out[blockIdx.x * 64 + threadIdx.x] == 0;
@*/
__global__ void staged_copy(int *out) {
  int i = blockIdx.x * 64 + threadIdx.x;
  out[i] = stage[i];
}
