//: expect unknown
// WRONG: in a C annotation `0u <= i` converts i to unsigned and is always true,
// so the quantifier ranges over every int i < 4, negative ones included; at
// i = -300, bad(-300) is h(300) != 300, false (h(k) == k for k >= 0), so the
// precondition is false for every launch (the race on out[0] "verifies"). An
// interpreter that took `0u <= i` as the lower bound 0 would check only
// i = 0..3 and find it true.
/*@ decreases n;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/
/*@ pure bool bad(int i) = h(-i) != -i; @*/
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
  requires (\forall int i; 0u <= i && i < 4; i >= -250 || bad(i));
@*/
__kernel void kern(__global int *out) {
  lemma(300);
  //@ assert bad(-300);
  //@ assert false;
  out[0] = get_local_id(0);
}
