//: expect failed assert 18
// WRONG: the inlined helper's writes of its parameter p are writes of the kernel's a, so
// a's log may hold one after the call: __no_write(a) does not hold.
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
  __assert(__no_write(a));
}
