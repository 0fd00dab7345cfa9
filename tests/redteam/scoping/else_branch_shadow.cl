//: expect fail perm.write 17
// WRONG: both branches declare their own i; the outer i stays 0, so the final write goes
// to out[0] in every work item. Correct verdict: perm.write on `out[i] = 3`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out, int c) {
  int i = 0;
  if (c > 0) {
    int i = get_global_id(0);
    out[i] = 1;
  } else {
    int i = get_global_id(0);
    out[i] = 2;
  }
  out[i] = 3; // <-A
}
