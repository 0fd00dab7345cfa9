//: expect invalid unsupported 14
// WRONG (cause 20, another spelling): `j <= get_local_id(0)` and `get_local_id(0) <= j`
// bound the thread by the user's binder with <=; counted as a product of widths, the
// clauses would hand both threads write to s[0]. kprove cannot count a triangle of
// binders, so the clause is rejected (never verified).
/*@
  context get_local_size(0) == 2 && get_num_groups(0) == 1;
  context s != NULL && \pointer_length(s) == 2;
  requires get_local_id(0) == 1 ==> Perm(&s[0], 1\3);
  requires get_local_id(0) == 0 ==> Perm(&s[1], 1\3);
@*/
__kernel void k(__global int *s) {
  /*@
    requires (\forall* int j; 0 <= j && j < 2; (j <= get_local_id(0) ==> Perm(&s[0], 1\3)) ** (get_local_id(0) <= j ==> Perm(&s[1], 1\3)));
    ensures Perm(&s[0], write) ** Perm(&s[1], write);
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  s[0] = (int)get_local_id(0);
}
