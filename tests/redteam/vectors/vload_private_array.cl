//: expect fail post 8
// WRONG: vload2(1, t) reads t[2] and t[3], so v.x is 3, not 1. kprove crashed on
// vloadN of a private array (it took the pointee type of an array type); the
// array is now read like any pointer into it.
/*@
  context get_global_size(0) == 1;
  context out != NULL && \pointer_length(out) == 1 && Perm(&out[0], write);
  ensures out[0] == 1; // <-A
@*/
__kernel void k(__global int *out) {
  int t[4] = {1, 2, 3, 4};
  int2 v = vload2(1, t);
  out[0] = v.x;
}
