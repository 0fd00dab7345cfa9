//: expect fail bounds 13
//: expect fail perm.write 13
// WRONG: a slot index taken from atomic_inc is not known to be in range nor to be this
// item's own cell. Correct verdict: bounds and perm.write on the write.
/*@
  context c != NULL && out != NULL && \pointer_length(c) == 1;
  context \pointer_length(out) == get_global_size(0);
  context Perm(&c[0], 1\get_global_size(0));
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *c, __global int *out) {
  int slot = atomic_inc(&c[0]);
  out[slot] = 1; // <-A
}
