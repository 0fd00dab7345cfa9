//: expect verified  //: flags --int-math (the index product overflows int for a large enough launch and the contract does not bound the sizes; this example is about quantifier triggers)
// Chunks filled back to front: work item g writes a[g*k + k-1 - j] = j. The functional
// invariant reads the array at `c - i` (c free of i); kprove triggers it on a variable
// standing for that index (vcgen/triggers.cpp), so it proves without model-based
// instantiation. Failing siblings: chunks_reversed_wrong_value.cl, chunks_reversed_wrong_post.cl.
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
    a[last - j] = j;
  }
}
