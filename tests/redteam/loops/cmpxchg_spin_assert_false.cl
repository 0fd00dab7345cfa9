//: expect fail assert 14
// WRONG: OpenCL spin lock; got comes from atomic_cmpxchg in the loop body, so the
// assertion false after the loop is not provable. Correct verdict: assert.
/*@
  context lock != NULL && \pointer_length(lock) == 1;
  context Perm(&lock[0], 1\get_global_size(0));
@*/
__kernel void k(__global int *lock) {
  int got = 1;
  //@ loop_invariant Perm(&lock[0], 1\get_global_size(0));
  while (got != 0) {
    got = atomic_cmpxchg(&lock[0], 0, 1);
  }
  //@ assert false; // <-A
}
