//: expect verified  //: flags --int-math (the chunk index g*k + i overflows int for a large enough launch; this example is about goto)
// Search with goto: work item g looks for `key` in its chunk a[g*k .. g*k+k); at the first
// match `goto found` leaves the loop and skips the statement that marks "no match" (-1).
// kprove lowers the forward goto as a flag: the goto sets it and breaks, the statements up
// to the label run only when it is clear, and the loop gets the checked invariant that the
// flag is clear at every test, so the normal exit knows no goto left the loop.
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
  i = -1;
found:
  pos[get_global_id(0)] = i;
}
