//: expect fail assert 22
// WRONG: the thread owns d[g] entirely but its loop invariant takes only half of it; the
// other half is framed around the loop "with its value" - yet atomicAdd in the loop
// changes the cell (+3). `assert w == v` is false. Correct verdict: assert.
/*@
  context d != NULL && \pointer_length(d) == blockDim.x * gridDim.x;
  context Perm(&d[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *d) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = d[g];
  int i = 0;
  /*@
    loop_invariant 0 <= i && i <= 3;
    loop_invariant Perm(&d[g], 1\2);
  @*/
  while (i < 3) {
    atomicAdd(&d[g], 1);
    i++;
  }
  int w = d[g];
  //@ assert w == v; // <-A
}
