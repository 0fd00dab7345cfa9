//: expect failed pre 12
// WRONG: the helper's parameter x must be the same in every work item, and each passes
// its own local id. The kernel has a uniform variable also named x: the claim at the
// call is about the argument, not about the caller's x (the pair's facts are the
// caller's variables, the claim the callee's parameters).
int f(int x) {
  __requires(__uniform_int(x));
  return x;
}
__kernel void k(int n) {
  int x = n;
  int r = f(get_local_id(0));
  __assert(r >= 0 || x == n);
}
