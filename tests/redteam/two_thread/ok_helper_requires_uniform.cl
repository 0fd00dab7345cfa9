//: expect verified
// A helper's two-thread precondition is checked at the call against a second thread of
// the launch there: every work item passes the kernel's parameter n, the same in all.
int scale(int x, int f) {
  __requires(__uniform_int(f));
  __requires(0 <= x && x < 1000 && 0 <= f && f < 1000);
  return x * f;
}
/*@ context get_global_size(0) <= 1000 && out != NULL && \pointer_length(out) == get_global_size(0);
    context Perm(&out[get_global_id(0)], write); @*/
__kernel void k(__global int *out, int n) {
  __requires(0 <= n && n < 1000);
  int g = get_global_id(0);
  int m = n;
  out[g] = scale(g, m);
}
