//: expect fail injectivity 7
// Wrong on purpose (sibling of ring_pow2.cl): n is not known to be a power of two, and
// for n == 6 items 0 and 2 both write cell 0 (2 & 5 == 0).
/*@
  context n > 0;
  context a != NULL && \pointer_length(a) == n;
  context get_global_id(0) < n ==> Perm(&a[get_global_id(0) & (n - 1)], write);
@*/
__kernel void ring(__global uint *a, uint n) {
  size_t g = get_global_id(0);
  if (g < n) {
    a[g & (n - 1)] = g;
  }
}
