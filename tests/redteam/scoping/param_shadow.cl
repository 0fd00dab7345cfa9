//: expect fail perm.write 15
// WRONG: the block's `int i` shadows the parameter i only inside the block; the last write
// uses the parameter (any index in range), which the work item holds no permission to.
// Correct verdict: perm.write on `out[i] = 2`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context 0 <= i && i < \pointer_length(out);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out, int i) {
  {
    int i = get_global_id(0);
    out[i] = 1;
  }
  out[i] = 2; // <-A
}
