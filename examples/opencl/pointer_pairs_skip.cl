//: expect fail perm.write 14
//: expect fail bounds 14
// Failing sibling of pointer_pairs.cl, one deliberate bug: p += 2 skips to the next work
// item's first cell (past the array for the last item).
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) * 2;
  context Perm(&a[2 * get_global_id(0)], write) ** Perm(&a[2 * get_global_id(0) + 1], write);
  ensures a[2 * get_global_id(0)] == 1 && a[2 * get_global_id(0) + 1] == 2;
@*/
__kernel void pairs(__global int *a) {
  __global int *p = &a[2 * get_global_id(0)];
  *p = 1;
  p += 2;
  *p = 2;
}
