//: expect invalid unsupported 18
// WRONG: 1-D twin of triangle_count_2d_barrier.cl: the two clauses share the user's
// binder j of one \forall*. Thread 1 hands in 2/3 of s[0] (j = 0 < 1), thread 0 2/3 of
// s[1] (j = 1 > 0); the barrier hands both threads write to both cells and both write
// s[0]. kprove verifies it: the bound `j < get_local_id(0)` (or `get_local_id(0) < j`)
// narrows the thread's range with j's skolem, j is counted on its own (x2), and the
// shared free j* makes one clause inhale 4/3 in every model (vcgen/resources.cpp,
// applyPerm, the loop over `unused` binders). With the two clauses in separate \forall*
// the redistribution fails as it should. Correct verdict: barrier.redistribute.
/*@
  context get_local_size(0) == 2 && get_num_groups(0) == 1;
  context s != NULL && \pointer_length(s) == 2;
  requires get_local_id(0) == 1 ==> Perm(&s[0], 2\3);
  requires get_local_id(0) == 0 ==> Perm(&s[1], 2\3);
@*/
__kernel void k(__global int *s) {
  /*@
    requires (\forall* int j; 0 <= j && j < 2; (j < get_local_id(0) ==> Perm(&s[0], 2\3)) ** (get_local_id(0) < j ==> Perm(&s[1], 2\3)));
    ensures Perm(&s[0], write) ** Perm(&s[1], write); // <-A
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  s[0] = (int)get_local_id(0);
}

// Now rejected (unsupported: kprove counts a guard-narrowed binder only when the bound names no other such binder; a triangle of two binders is not a product of widths). Was verified before the fix; the original correct verdict would be a failure, so a rejection is a correct diagnosis (never verified).
