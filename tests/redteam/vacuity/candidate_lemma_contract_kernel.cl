//: expect unknown
// WRONG: as candidate_lemma_contract.pvl, in a kernel: the lemma turns the
// contradictory `h(k) != k` into `get_local_id(0) == 0` in every work item, and
// the race on out[0] between the four items verified (cause 17). Expected:
// unknown[vacuous] (no small launch satisfies the precondition in every item).
/*@ requires n >= 0;
    decreases n;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/

/*@
  requires k >= 0;
  requires x == 0 || h(k) != k;
  ensures x == 0;
@*/
void lemma(int x, int k) {
  int t = 0;
  //@ loop_invariant 0 <= t && t <= k && h(t) == t;
  while (t < k) { t = t + 1; }
}

/*@
  context get_local_size(0) == 4 && get_num_groups(0) == 1;
  context out != NULL && \pointer_length(out) == 4;
  context Perm(&out[get_local_id(0)], write);
  requires k >= 0 && h(k) != k;
@*/
__kernel void kern(__global int *out, int k) {
  lemma(get_local_id(0), k);
  out[0] = get_local_id(0);
}
