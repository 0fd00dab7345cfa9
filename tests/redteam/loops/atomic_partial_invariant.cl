//: expect fail assert 20
// WRONG: OpenCL twin of atomic_partial_invariant.cu: the invariant holds only 1\2 of the
// item's own cell, atomic_inc changes the cell in the loop, the framed half must not keep
// the old value. Correct verdict: assert.
/*@
  context d != NULL && \pointer_length(d) == get_global_size(0);
  context Perm(&d[get_global_id(0)], write);
@*/
__kernel void k(__global int *d) {
  int g = get_global_id(0);
  int v = d[g];
  /*@
    loop_invariant 0 <= i && i <= 2;
    loop_invariant Perm(&d[g], 1\2);
  @*/
  for (int i = 0; i < 2; i++) {
    atomic_inc(&d[g]);
  }
  int w = d[g];
  //@ assert w == v; // <-A
}
