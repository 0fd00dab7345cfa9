//: expect verified
// CONTROL: the correct kernel behind off_by_one.cu / false_post.cu.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures out[blockIdx.x * blockDim.x + threadIdx.x] == blockIdx.x * blockDim.x + threadIdx.x;
@*/
__global__ void k(int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = g;
}
