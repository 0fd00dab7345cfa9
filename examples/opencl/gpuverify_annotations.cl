//: expect verified
// A kernel annotated in GPUVerify's language, read by kprove (docs/language.md §11.9):
// the precondition as a __requires call, loop invariants before the loop's test, an
// __assert. The permission to write out[g] is kprove's own contract, as GPUVerify
// kernels state no permissions.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void evens(__global int *out, int n) {
  __requires(0 <= n && n <= 1000);
  int sum = 0;
  for (int i = 0; __invariant(0 <= i && i <= n),
                  __invariant(sum == 2 * i),
                  i < n; i++) {
    sum += 2;
  }
  __assert(__implies(n > 0, sum > 0));
  __assert(sum == 2 * n);
  out[get_global_id(0)] = sum;
}
