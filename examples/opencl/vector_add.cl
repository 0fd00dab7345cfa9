//: expect verified
// c = a + b, one element per work item; a and b are only read (half permissions),
// and work items with get_global_id(0) >= n do nothing.
/*@
  context a != NULL && b != NULL && c != NULL;
  context \pointer_length(a) == n && \pointer_length(b) == n && \pointer_length(c) == n;
  context get_global_id(0) < n ==> Perm(&a[get_global_id(0)], 1\2) ** Perm(&b[get_global_id(0)], 1\2);
  context get_global_id(0) < n ==> Perm(&c[get_global_id(0)], write);
  ensures get_global_id(0) < n ==> c[get_global_id(0)] == a[get_global_id(0)] + b[get_global_id(0)];
@*/
__kernel void vector_add(__global uint *a, __global uint *b, __global uint *c, int n) {
  int gid = get_global_id(0);
  if (gid < n) {
    c[gid] = a[gid] + b[gid];
  }
}
