//: expect fail loop.preserve 12
// The same kernel with an invariant the loop outgrows: true on entry, not preserved once
// sum reaches 98 (n may be up to 1000).
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void evens(__global int *out, int n) {
  __requires(0 <= n && n <= 1000);
  int sum = 0;
  for (int i = 0; __invariant(0 <= i && i <= n),
                  __invariant(sum == 2 * i && sum < 100),
                  i < n; i++) {
    sum += 2;
  }
  __assert(__implies(n > 0, sum > 0));
  __assert(sum == 2 * n);
  out[get_global_id(0)] = sum;
}
