//: expect verified
// Control: vloadN and vstoreN on private and __local arrays read and write the
// cells N*i .. N*i + N-1 of the array.
/*@
  context get_local_size(0) == 1 && get_num_groups(0) == 1;
  requires (\forall* int k; 0 <= k && k < 4; Perm(&l[k], write));
  context out != NULL && \pointer_length(out) == 1 && Perm(&out[0], write);
  ensures out[0] == 3;
@*/
__kernel void k(__global int *out) {
  int t[4] = {1, 2, 3, 4};
  __local int l[4];
  int2 v = vload2(1, t);
  vstore2(v, 0, l);
  int2 w = vload2(0, l);
  out[0] = w.x;
}
