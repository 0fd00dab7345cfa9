//: expect fail post 6
// WRONG: the thread stores g but promises 2 * g.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures out[blockIdx.x * blockDim.x + threadIdx.x] == 2 * (blockIdx.x * blockDim.x + threadIdx.x); // <-A
@*/
__global__ void k(int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = g;
}
