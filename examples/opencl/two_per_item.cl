//: expect verified
// Each work item handles two adjacent elements, 2*gid and 2*gid+1: one Haar step
// (pairwise sum and difference) from a into b; a is only read (half permissions).
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
    b[2 * gid + 1] = x - y;
  }
}
