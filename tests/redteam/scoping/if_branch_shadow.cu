//: expect fail perm.write 15
// WRONG: `int i` declared in the if-branch shadows the outer i = 0 only in the branch;
// the write after the if uses the outer i, so every thread writes out[0].
// Correct verdict: perm.write on `out[i] = 2`.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int i = 0;
  if (threadIdx.x < blockDim.x) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 1;
  }
  out[i] = 2; // <-A
}
