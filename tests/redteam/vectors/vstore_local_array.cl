//: expect fail assert 12
// WRONG: vstore2(v, 1, l) writes l[2] and l[3]: l[2] is 1, not 2. kprove crashed
// on vstoreN to a __local array.
/*@
  context get_local_size(0) == 1 && get_num_groups(0) == 1;
  requires (\forall* int k; 0 <= k && k < 4; Perm(&l[k], write));
@*/
__kernel void k(__global int *out) {
  __local int l[4];
  vstore2((int2)(1, 2), 1, l);
  int x = l[2];
  //@ assert x == 2; // <-A
}
