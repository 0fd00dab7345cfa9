//: expect fail perm.write 8
// WRONG: writes out[g + 1], the neighbour's cell. Correct verdict: perm.write.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x + 1;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x + 1] = 1; // <-A
}
