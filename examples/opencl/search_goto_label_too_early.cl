//: expect fail post 11  //: flags --int-math (as search_goto.cl)
// Wrong: the label is placed before the "no match" mark, so a match found by the goto is
// overwritten with -1 and the postcondition for -1 (no cell holds key) fails.
/*@
  context k > 0 && a != NULL && \pointer_length(a) == get_global_size(0) * k;
  context pos != NULL && \pointer_length(pos) == get_global_size(0);
  context (\forall* int j; 0 <= j && j < k; Perm(&a[get_global_id(0) * k + j], read));
  context Perm(&pos[get_global_id(0)], write);
  ensures -1 <= pos[get_global_id(0)] && pos[get_global_id(0)] < k;
  ensures pos[get_global_id(0)] >= 0 ==> a[get_global_id(0) * k + pos[get_global_id(0)]] == key;
  ensures pos[get_global_id(0)] == -1 ==> (\forall int j; 0 <= j && j < k; a[get_global_id(0) * k + j] != key);
@*/
__kernel void search(__global int *a, __global int *pos, int k, int key) {
  int base = get_global_id(0) * k;
  int i = 0;
  /*@
    loop_invariant 0 <= i && i <= k;
    loop_invariant (\forall* int j; 0 <= j && j < k; Perm(&a[get_global_id(0) * k + j], read));
    loop_invariant (\forall int j; 0 <= j && j < i; a[get_global_id(0) * k + j] != key);
  @*/
  while (i < k) {
    if (a[base + i] == key)
      goto found;
    i++;
  }
found:
  i = -1;
  pos[get_global_id(0)] = i;
}
