//: expect fail assert 17
// WRONG: x is assigned only in the INNER loop; the outer loop must still treat x as
// changed. After the loops x == 1, so `assert x == 0` must fail.
__kernel void k(__global int *out) {
  int x = 0;
  int i = 0;
  //@ loop_invariant 0 <= i && i <= 2;
  while (i < 2) {
    int j = 0;
    //@ loop_invariant 0 <= j && j <= 2;
    while (j < 2) {
      x = 1;
      j++;
    }
    i++;
  }
  //@ assert x == 0; // <-A
}
