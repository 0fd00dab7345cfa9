//: expect fail perm.write 18
// WRONG: the loop body's `int j = gid` shadows the outer j = 0 only inside the body; after
// the loop every work item writes out[0]. Correct verdict: perm.write on `out[j] = 5`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int j = 0;
  /*@
    loop_invariant 0 <= r && r <= 2;
    loop_invariant Perm(&out[get_global_id(0)], write);
  @*/
  for (int r = 0; r < 2; r++) {
    int j = get_global_id(0);
    out[j] = r;
  }
  out[j] = 5; // <-A
}
