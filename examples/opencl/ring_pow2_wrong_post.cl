//: expect fail post 7
// Wrong on purpose (sibling of ring_pow2.cl): cell g & (n - 1) holds g, not g + 1.
/*@
  context 0 <= k && k < 20 && n == 1 << k;
  context a != NULL && \pointer_length(a) == n;
  context get_global_id(0) < n ==> Perm(&a[get_global_id(0) & (n - 1)], write);
  ensures get_global_id(0) < n ==> a[get_global_id(0) & (n - 1)] == get_global_id(0) + 1;
@*/
__kernel void ring(__global uint *a, uint n, int k) {
  size_t g = get_global_id(0);
  if (g < n) {
    a[g & (n - 1)] = g;
  }
}
