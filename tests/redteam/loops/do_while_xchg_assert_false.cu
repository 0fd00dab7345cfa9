//: expect fail assert 15
// WRONG: a do-while test-and-set loop; got is the atomicExch result, unknown after the
// loop except got != 1. `assert got == 1` contradicts the exit condition and must fail.
// Correct verdict: assert.
/*@
  context f != NULL && \pointer_length(f) == 1;
  context Perm(&f[0], 1\(blockDim.x * gridDim.x));
@*/
__global__ void k(int *f) {
  int got = 1;
  //@ loop_invariant Perm(&f[0], 1\(blockDim.x * gridDim.x));
  do {
    got = atomicExch(&f[0], 1);
  } while (got == 1);
  //@ assert got == 1; // <-A
}
