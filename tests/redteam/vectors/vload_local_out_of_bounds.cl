//: expect fail bounds 10
// WRONG: vload4(1, l) reads l[4] .. l[7] of a six-cell __local array: out of
// bounds. kprove crashed on vloadN of a __local array.
/*@
  context get_local_size(0) == 1 && get_num_groups(0) == 1;
  requires (\forall* int k; 0 <= k && k < 6; Perm(&l[k], write));
@*/
__kernel void k(__global int *out) {
  __local int l[6];
  int4 v = vload4(1, l); // <-A
}
