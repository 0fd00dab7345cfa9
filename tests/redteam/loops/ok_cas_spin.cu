//: expect verified
// CONTROL (near-miss of cas_spin_assert_false.cu): after the spin loop only got == 0 is
// asserted, which is exactly the exit condition; must verify.
/*@
  context lock != NULL && \pointer_length(lock) == 1;
  context Perm(&lock[0], 1\(blockDim.x * gridDim.x));
@*/
__global__ void k(int *lock) {
  int got = 1;
  //@ loop_invariant Perm(&lock[0], 1\(blockDim.x * gridDim.x));
  while (got != 0) got = atomicCAS(&lock[0], 0, 1);
  //@ assert got == 0;
}
