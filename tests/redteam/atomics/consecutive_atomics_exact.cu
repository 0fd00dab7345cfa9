//: expect fail assert 11  //: flags --int-math (about what a loop forgets; its int arithmetic, unbounded, may overflow in C)
// WRONG: with only a share of c[0], other threads' atomics interleave between the two
// atomicAdds, so old2 == old1 + 1 is not guaranteed. Correct verdict: assert.
/*@
  context c != NULL && \pointer_length(c) == 1;
  context Perm(&c[0], 1\(blockDim.x * gridDim.x));
@*/
__global__ void k(int *c) {
  int old1 = atomicAdd(&c[0], 1);
  int old2 = atomicAdd(&c[0], 1);
  //@ assert old2 == old1 + 1; // <-A
}
