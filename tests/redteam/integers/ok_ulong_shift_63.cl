//: expect verified
// (Fixed 2026-11-29: a literal shift amount up to 127 is the constant 2^k.)
// FALSE ALARM: `(ulong)1 << 63` is 2^63 (9223372036854775808), well defined. kprove
// cannot prove `t > 5` ("assertion may not hold", counterexample not confirmed by
// replay) while `(ulong)1 << 62` and `(ulong)3 << 62` are fine: the code's shift is
// encoded with the solver function pow2(63), of which the query knows only
// pow2(63) == 2 * pow2(62) and isPow2, not its value. The same makes `select` on a
// 64-bit mask with only the MSB set fail (the component is read as (long)m.x < 0).
__kernel void k(__global int *a) {
  ulong t = (ulong)1 << 63;
  //@ assert t > 5;
  ulong2 m = (ulong2)(t, 0);
  long2 l = select((long2)(1, 1), (long2)(7, 7), m);
  long lx = l.x;
  //@ assert lx == 7;
}
