//: expect fail loop.entry 11  //: flags --int-math (in C the index product overflows int for a large enough launch and the contract does not bound the sizes: the default mode reports error[overflow]; this example is about the permission layout)
// Failing sibling of chunks.cl: the invariant claims j >= 1, which fails on entry (j = 0).
/*@
  context k > 0 && a != NULL && \pointer_length(a) == get_global_size(0) * k;
  context (\forall* int j; 0 <= j && j < k; Perm(&a[get_global_id(0) * k + j], write));
  ensures (\forall int j; 0 <= j && j < k; a[get_global_id(0) * k + j] == j);
@*/
__kernel void chunks(__global int *a, int k) {
  int base = get_global_id(0) * k;
  /*@
    loop_invariant 1 <= j && j <= k;
    loop_invariant (\forall* int i; 0 <= i && i < k; Perm(&a[get_global_id(0) * k + i], write));
    loop_invariant (\forall int i; 0 <= i && i < j; a[get_global_id(0) * k + i] == i);
  @*/
  for (int j = 0; j < k; j++) {
    a[base + j] = j;
  }
}
