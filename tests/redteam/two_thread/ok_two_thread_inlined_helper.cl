//: expect verified
// CONTROL: an inlined helper with a thread-dependent early return whose two results agree;
// the claim after it is true (x is 7 in every work item).
int g(int n) {
  if (get_local_id(0) == 0) return 7;
  int r = 3;
  return r + n;
}
/*@ context out != NULL && \pointer_length(out) == get_global_size(0);
    context Perm(&out[get_global_id(0)], write); @*/
__kernel void k(__global int *out, int n) {
  __requires(n == 4);
  int x = g(n);
  __assert(__uniform_int(x));
  out[get_global_id(0)] = x;
}
