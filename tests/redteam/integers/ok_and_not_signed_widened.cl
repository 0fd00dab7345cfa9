//: expect verified
// Control: ~8 is the int -9, sign-extended to ulong: x & ~8 clears only bit 3.
/*@ context a != NULL && \pointer_length(a) == get_global_size(0);
    context Perm(&a[get_global_id(0)], write); @*/
__kernel void k(__global int *a, ulong x) {
  if (x == 0x100000008UL) { ulong y = x & ~8;
  //@ assert y == 0x100000000UL;
  }
  a[get_global_id(0)] = 0;
}
