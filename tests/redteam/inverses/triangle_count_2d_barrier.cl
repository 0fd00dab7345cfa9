//: expect invalid unsupported 22
//: expect invalid unsupported 23
// WRONG: the barrier hands every one of the 4 threads write permission to s[0] and s[1],
// but the group holds only 2/3 of each (thread (1,0) hands in s[0], thread (0,1) s[1]),
// so all 4 threads write s[0] concurrently. kprove verifies it (red team of the pins and
// closed-form inverses, 2026-11-25): in the group view each barrier requires is counted
// over the threads whose location does not depend on them (vcgen/resources.cpp,
// applyPerm, the loop over `unused` binders). For lid0 the bound `lid1 < lid0` narrows the
// range to (lid1, 2), a width that still mentions lid1; lid1 is then counted on its own
// (x2), leaving its skolem free: the count is 2 * (1 - lid1*) for s[0] and 2 * lid1* for
// s[1]. Both clauses share lid1*, so in every model one of them inhales 4/3 of a cell;
// the inhale assumes at most a full permission, the group state is contradictory, and
// the redistribution is proved vacuously. Correct verdict: barrier.redistribute.
/*@
  context get_local_size(0) == 2 && get_local_size(1) == 2 && get_num_groups(0) == 1 && get_num_groups(1) == 1;
  context s != NULL && \pointer_length(s) == 2;
  requires get_local_id(0) == 1 && get_local_id(1) == 0 ==> Perm(&s[0], 2\3);
  requires get_local_id(0) == 0 && get_local_id(1) == 1 ==> Perm(&s[1], 2\3);
@*/
__kernel void k(__global int *s) {
  /*@
    requires get_local_id(1) < get_local_id(0) ==> Perm(&s[0], 2\3);
    requires get_local_id(0) < get_local_id(1) ==> Perm(&s[1], 2\3);
    ensures Perm(&s[0], write) ** Perm(&s[1], write); // <-A
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  s[0] = (int)get_local_id(0);
}

// Now rejected (unsupported: kprove counts a guard-narrowed binder only when the bound names no other such binder; a triangle of two binders is not a product of widths). Was verified before the fix; the original correct verdict would be a failure, so a rejection is a correct diagnosis (never verified).
