//: expect failed pre 10
// WRONG: an inlined helper calls f, whose precondition wants x the same in every work item,
// with a value that includes the local id (docs/soundness.md, cause 52).
int f(int x) {
  __requires(__uniform_int(x));
  return x;
}
int g(int y) {
  int z = y + get_local_id(0);
  return f(z);
}
__kernel void k(int n) {
  __requires(n >= 0 && n < 1000 && get_local_size(0) < 1000);
  int r = g(n);
}
