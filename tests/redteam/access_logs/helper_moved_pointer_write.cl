//: expect failed assert 11
// WRONG: the inlined helper moves its pointer parameter (p$arr/p$cur) and writes a[g + 1]
// through it; a's write log may hold that write.
void put(__global int *p) { p += 1; *p = get_local_id(0); }
/*@
  context get_global_size(0) <= 1000 && a != NULL && \pointer_length(a) == 2 * get_global_size(0);
  context Perm(&a[2 * get_global_id(0) + 1], write);
@*/
__kernel void k(__global int *a) {
  put(a + 2 * get_global_id(0));
  __assert(__no_write(a));
}
