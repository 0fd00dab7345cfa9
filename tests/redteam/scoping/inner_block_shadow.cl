//: expect fail perm.write 15
// WRONG: the inner `int i = gid` shadows the outer i only inside the block. After the
// block C's outer i is still 0, so every work item writes out[0], which only work item 0
// may write. Correct verdict: perm.write on `out[i] = 2`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int i = 0;
  {
    int i = get_global_id(0);
    out[i] = 1;
  }
  out[i] = 2; // <-A
}
