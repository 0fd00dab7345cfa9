//: expect fail assert 12
// Red team 2026-11-29: integer literals past 2^62 (LONG_MAX, 0xFFFFFFFFFFFFFFFFUL)
// were rejected; they have their C values. The last assertion is false (the sum
// wraps to 0).
/*@ context get_local_size(0) == 1 && get_num_groups(0) == 1;
    context a != NULL && \pointer_length(a) == 1 && Perm(&a[0], write); @*/
__kernel void k(__global ulong *a) {
  a[0] = 18446744073709551615UL;
  long m = 9223372036854775807L;
  ulong w = a[0] + 1;
  //@ assert w == 0 && m > 0 && a[0] == 0 - 1;
  //@ assert w == 1;
}
