//: expect fail assert 19  //: flags --int-math (about what a loop forgets; its int arithmetic, unbounded, may overflow in C)
// WRONG: r is assigned from a helper call inside the loop; the helper ensures
// \result == x + 1, so after the loop r == 3, not 0. Correct verdict: assert.
/*@
  ensures \result == x + 1;
@*/
int inc(int x) {
  return x + 1;
}

__kernel void k(__global int *out) {
  int r = 0;
  int i = 0;
  //@ loop_invariant 0 <= i && i <= 3;
  while (i < 3) {
    r = inc(i);
    i++;
  }
  //@ assert r == 0; // <-A
}
