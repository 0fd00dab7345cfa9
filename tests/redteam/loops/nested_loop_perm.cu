//: expect fail perm.write 18
// WRONG: the inner loop's invariant does not carry the permission on out[g] (only the
// outer one does), so the write inside the inner loop has no permission.
// Correct verdict: perm.write.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  /*@
    loop_invariant 0 <= i && i <= 2;
    loop_invariant Perm(&out[g], write);
  @*/
  for (int i = 0; i < 2; i++) {
    //@ loop_invariant 0 <= j && j <= 2;
    for (int j = 0; j < 2; j++) {
      out[g] = i + j; // <-A
    }
  }
}
