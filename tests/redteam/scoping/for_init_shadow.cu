//: expect fail perm.write 18
// WRONG: `for (int i = gid; ...)` declares a new i scoped to the loop; the outer i is
// still 0 afterwards, so every thread writes out[0]. Correct verdict: perm.write.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  /*@
    loop_invariant g <= i && i <= g + 1;
    loop_invariant Perm(&out[g], write);
  @*/
  for (int i = g; i < g + 1; i++) {
    out[i] = 1;
  }
  out[i] = 2; // <-A
}
