//: expect failed perm.write 10
//: may also fail bounds 10
// ~8u is the uint 0xFFFFFFF7, zero-extended to ulong: x & ~8u < 2^32 always.
// kprove folds it as the literal -9 (all high bits set).
/*@ context a != NULL && \pointer_length(a) == get_global_size(0);
    context Perm(&a[get_global_id(0)], write); @*/
__kernel void k(__global int *a, ulong x) {
  if (x >= 0x100000000UL) {
    ulong y = x & ~8u;
    if (y < 0x100000000UL) a[get_global_id(0) + 1] = 0;   // always taken: OOB, race
  }
  a[get_global_id(0)] = 0;
}
