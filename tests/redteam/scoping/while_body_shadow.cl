//: expect fail assert 12
// WRONG: the while body declares its own `v`; the outer v is never changed and stays 7,
// so the assertion v == 0 is false. Correct verdict: assert.
__kernel void k(__global int *out) {
  int v = 7;
  int r = 0;
  //@ loop_invariant 0 <= r && r <= 3;
  while (r < 3) {
    int v = 0;
    r = r + v + 1;
  }
  //@ assert v == 0; // <-A
}
