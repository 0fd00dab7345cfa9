//: expect fail perm.write 20
//: expect fail post 11
//: expect fail post 12
// Failing sibling of two_per_item.cl, one deliberate bug: the difference is stored at
//   b[gid+1] instead of b[2*gid+1]: no write permission for gid >= 2 (perm.write), and for
//   gid == 1 it overwrites b[2] and leaves b[3] unset (post, both clauses).
/*@
  context 0 <= n && n < 1073741824 && a != NULL && b != NULL && \pointer_length(a) == 2 * n && \pointer_length(b) == 2 * n;
  context get_global_id(0) < n ==> Perm(&a[2 * get_global_id(0)], 1\2) ** Perm(&a[2 * get_global_id(0) + 1], 1\2);
  context get_global_id(0) < n ==> Perm(&b[2 * get_global_id(0)], write) ** Perm(&b[2 * get_global_id(0) + 1], write);
  ensures get_global_id(0) < n ==> b[2 * get_global_id(0)] == a[2 * get_global_id(0)] + a[2 * get_global_id(0) + 1];
  ensures get_global_id(0) < n ==> b[2 * get_global_id(0) + 1] == a[2 * get_global_id(0)] - a[2 * get_global_id(0) + 1];
@*/
__kernel void haar_step(__global uint *a, __global uint *b, int n) {
  size_t gid = get_global_id(0);
  if (gid < n) {
    uint x = a[2 * gid];
    uint y = a[2 * gid + 1];
    b[2 * gid] = x + y;
    b[gid + 1] = x - y;
  }
}
