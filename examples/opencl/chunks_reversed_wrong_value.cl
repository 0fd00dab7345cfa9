//: expect fail loop.preserve 13  //: flags --int-math (the index product overflows int for a large enough launch and the contract does not bound the sizes; this example is about quantifier triggers)
// Wrong on purpose: the loop stores j + 1 where the invariant promises j (sibling of chunks_reversed.cl).
/*@
  context k > 0 && a != NULL && \pointer_length(a) == get_global_size(0) * k;
  context (\forall* int j; 0 <= j && j < k; Perm(&a[get_global_id(0) * k + j], write));
  ensures (\forall int j; 0 <= j && j < k; a[get_global_id(0) * k + (k - 1) - j] == j);
@*/
__kernel void chunks_reversed(__global int *a, int k) {
  int last = get_global_id(0) * k + (k - 1);
  /*@
    loop_invariant 0 <= j && j <= k;
    loop_invariant (\forall* int i; 0 <= i && i < k; Perm(&a[get_global_id(0) * k + i], write));
    loop_invariant (\forall int i; 0 <= i && i < j; a[get_global_id(0) * k + (k - 1) - i] == i);
  @*/
  for (int j = 0; j < k; j++) {
    a[last - j] = j + 1; // wrong: the invariant says j
  }
}
