//: expect fail perm.write 15
// WRONG: the innermost block's i (the thread id) is gone after its closing brace; the
// middle block's write uses the outermost i == 0. Correct verdict: perm.write there.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int i = 0;
  {
    {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      out[i] = 1;
    }
    out[i] = 2; // <-A
  }
}
