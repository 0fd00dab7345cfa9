//: expect fail post 4
// WRONG: pick's path for -5 <= x <= 0 ends without a return (nested else), and v is
// used. Correct verdict: post at pick (it may end without returning a value).
int pick(int x) {
  if (x > 0) { return get_local_id(0); } else { if (x < -5) return 0; }
}
__kernel void k(int x) {
  int v = 3;
  v = pick(x);
  //@ assert v == get_local_id(0) || v == 0 || v == 3;
}
