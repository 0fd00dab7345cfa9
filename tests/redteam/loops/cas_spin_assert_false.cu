//: expect fail assert 14
// WRONG: got is assigned from atomicCAS inside the loop, so after the loop only got == 0
// is known; nothing makes `assert false` hold. If the loop forgets that got changes
// (it stays 1, contradicting the exit condition) the assertion is wrongly proved.
// Correct verdict: assert.
/*@
  context lock != NULL && \pointer_length(lock) == 1;
  context Perm(&lock[0], 1\(blockDim.x * gridDim.x));
@*/
__global__ void k(int *lock) {
  int got = 1;
  //@ loop_invariant Perm(&lock[0], 1\(blockDim.x * gridDim.x));
  while (got != 0) got = atomicCAS(&lock[0], 0, 1);
  //@ assert false; // <-A
}
