//: expect fail assert 19
// WRONG: old is reassigned from atomic_add in every iteration (other work items add
// concurrently), so its value after the loop is unknown; `assert old == 0` must fail.
/*@
  context c != NULL && \pointer_length(c) == 1;
  context Perm(&c[0], 1\get_global_size(0));
@*/
__kernel void k(__global int *c) {
  int old = 0;
  int i = 0;
  /*@
    loop_invariant 0 <= i && i <= 3;
    loop_invariant Perm(&c[0], 1\get_global_size(0));
  @*/
  while (i < 3) {
    old = atomic_add(&c[0], 1);
    i++;
  }
  //@ assert old == 0; // <-A
}
