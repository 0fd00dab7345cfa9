//: expect fail assert 17
// do { ... } while (0) (the macro idiom) runs its body once, exactly: a continue
// (to the false test) and a break both end it. The last assertion is false (n > 0
// leaves x == 5).
__kernel void k(__global int *out, int n) {
  int x = 0;
  do {
    x = 5;
    if (n > 0) continue;
    x = 6;
    if (n < -5) break;
    x = 7;
  } while (0);
  //@ assert x == 5 || x == 6 || x == 7;
  //@ assert n > 0 ==> x == 5;
  //@ assert n < -5 ==> x == 6;
  //@ assert x == 7;
}
