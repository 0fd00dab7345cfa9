//: expect verified
// An inlined helper's access-history predicates are about the log of the array its
// parameter is (docs/language.md §11.9): the loop invariant says every logged write of
// p is the work item's own cell, and the kernel asserts it of a after the call.
void bump(__global int *p) {
  //@ loop_invariant p != NULL && \pointer_length(p) == get_global_size(0) && Perm(&p[get_global_id(0)], write);
  for (int i = 0;
       __invariant(__implies(__write(p), __write_offset_bytes(p) / sizeof(int) == get_global_id(0))),
       i < 4; i++)
    p[get_global_id(0)] = i;
}
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  bump(a);
  __assert(__implies(__write(a), __write_offset_bytes(a) / sizeof(int) == get_global_id(0)));
  __assert(__no_read(a));
}
