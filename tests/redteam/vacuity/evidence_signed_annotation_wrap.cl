//: expect unknown
// WRONG: signed arithmetic in annotations is mathematical, so with
// k == 2147483647, k + 1 is 2147483648 and h(k + 1) == 2147483648 while
// h(-2147483648) == 0: the precondition is unsatisfiable. A 32-bit wrapping
// evaluation of `k + 1` would make both sides h(-2147483648).
/*@ requires n >= -2147483648;
    decreases n + 2147483648;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/

/*@
  requires k >= 0;
  ensures h(k) == k;
@*/
void lemma(int k) {
  int t = 0;
  //@ loop_invariant 0 <= t && t <= k && h(t) == t;
  while (t < k) { t = t + 1; }
}

/*@
  context get_local_size(0) == 4 && get_num_groups(0) == 1;
  context out != NULL && \pointer_length(out) == 4;
  context Perm(&out[get_local_id(0)], write);
  requires k == 2147483647 && h(k + 1) == h(-2147483648);
@*/
__kernel void kern(__global int *out, int k) {
  //@ assert h(-2147483648) == 0;
  //@ assert h(k + 1) == h(k) + 1;
  lemma(k);
  //@ assert false;
  out[0] = get_local_id(0);
}
