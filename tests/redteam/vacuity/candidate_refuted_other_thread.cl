//: expect unknown
// WRONG: work item 1's precondition is false (h(k) == k for k >= 0, which the
// loop proves), so no launch of the pinned 4 items meets it; the assert that item
// 1 does not exist was proved and its racy write to out[0] verified (cause 15).
// Expected: unknown[vacuous] (the end is unreachable given every item's
// precondition).
/*@ requires n >= 0;
    decreases n;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/
/*@
  context get_local_size(0) == 4 && get_num_groups(0) == 1;
  context out != NULL && \pointer_length(out) == 4;
  requires k >= 0;
  requires get_local_id(0) == 1 ==> h(k) != k;
  requires Perm(&out[get_local_id(0)], write);
@*/
__kernel void kern(__global int *out, int k) {
  int i = 0;
  /*@ loop_invariant 0 <= i && i <= k && h(i) == i; @*/
  while (i < k) { i = i + 1; }
  //@ assert get_local_id(0) != 1;
  out[get_local_id(0) == 1 ? 0 : get_local_id(0)] = 2;
}
