//: expect failed pre 12
// WRONG: the helper's two-thread precondition is violated at the call (the local ids differ); the
// helper itself only assumes this thread's part of it (cause 52).
int f(int x) {
  __requires(__uniform_int(x));
  __requires(x >= 0 && x < 1000);
  __ensures(__return_val_int() == x);
  return x;
}
__kernel void k(int n) {
  __requires(get_local_size(0) <= 1000);
  int r = f(get_local_id(0));
  __assert(r == get_local_id(0));
}
