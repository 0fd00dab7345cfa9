//: expect invalid unsupported 10
// WRONG (undefined behaviour): in C the scope of the inner x starts at its declarator,
// so `x + 1` reads the new, indeterminate x — not the outer 5. Treating it as the
// outer x would prove the assertion. Correct verdict: rejected (unsupported) at the
// initialiser.
__kernel void k(__global int *out) {
  int x = 5;
  {
    int y = 0;
    int x = x + 1; // <-A
    //@ assert x == 6;
  }
}
