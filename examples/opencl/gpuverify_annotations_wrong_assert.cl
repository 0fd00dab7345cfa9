//: expect fail assert 17
// The same kernel asserting one more than the loop computes: the __assert fails at its
// line.
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
  __assert(sum == 2 * n + 1);
  out[get_global_id(0)] = sum;
}
