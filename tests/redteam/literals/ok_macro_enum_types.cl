//: expect verified
// Control: macros and enum constants in annotations keep their C types, as in the
// code: an unsigned macro makes the comparison unsigned, a hexadecimal one too
// large for int is unsigned and wraps, an enum constant that does not fit int is
// unsigned, one that fits is an int, and a negated int macro is negative.
#define LO 0u
#define M 0xFFFFFFFF
#define N 16
#define NEG (-3)
enum { BIG = 0x80000000, SMALL = 7 };
/*@
  context a != NULL && \pointer_length(a) == N;
  context (\forall* int i; 0 <= i && i < N; Perm(&a[i], 1\2));
  requires 0 <= x && x < N;
  requires get_local_size(0) == 1 && get_num_groups(0) == 1;
@*/
__kernel void k(__global int *a, int x) {
  int y = -1;
  //@ assert LO <= y && M + 1 == 0 && BIG + BIG == 0 && SMALL - 8 < 0 && NEG < 0;
  int r = (BIG + BIG) == 0;
  //@ assert r == 1;
  int v = a[x];
}
