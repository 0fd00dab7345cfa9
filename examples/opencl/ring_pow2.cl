//: expect verified
// A ring of n cells, n a power of two given at launch (n == 1 << k): work item g writes
// cell g & (n - 1), which is g mod n, so the first n items write distinct cells.
/*@
  context 0 <= k && k < 20 && n == 1 << k;
  context a != NULL && \pointer_length(a) == n;
  context get_global_id(0) < n ==> Perm(&a[get_global_id(0) & (n - 1)], write);
  ensures get_global_id(0) < n ==> a[get_global_id(0) & (n - 1)] == get_global_id(0);
@*/
__kernel void ring(__global uint *a, uint n, int k) {
  size_t g = get_global_id(0);
  if (g < n) {
    a[g & (n - 1)] = g;
  }
}
