//: expect verified  //: flags --int-math (the chunk index g*k + j overflows int for a large enough launch and the contract does not bound the sizes; this example is about break)
// Search: work item g looks for `key` in its chunk a[g*k .. g*k+k) and leaves the loop with
// `break` at the first match. After the loop the state is either the invariant with the
// condition false (no match: i == k) or the state at the break (a[base + i] == key): the
// invariant need not hold at the break, and the postcondition holds on both exits.
/*@
  context k > 0 && a != NULL && \pointer_length(a) == get_global_size(0) * k;
  context pos != NULL && \pointer_length(pos) == get_global_size(0);
  context (\forall* int j; 0 <= j && j < k; Perm(&a[get_global_id(0) * k + j], read));
  context Perm(&pos[get_global_id(0)], write);
  ensures 0 <= pos[get_global_id(0)] && pos[get_global_id(0)] <= k;
  ensures pos[get_global_id(0)] < k ==> a[get_global_id(0) * k + pos[get_global_id(0)]] == key;
  ensures (\forall int j; 0 <= j && j < pos[get_global_id(0)]; a[get_global_id(0) * k + j] != key);
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
      break;
    i++;
  }
  pos[get_global_id(0)] = i;
}
