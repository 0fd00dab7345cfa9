//: expect verified
// Each work item writes its two cells through one pointer: *p, then p++ and *p again.
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) * 2;
  context Perm(&a[2 * get_global_id(0)], write) ** Perm(&a[2 * get_global_id(0) + 1], write);
  ensures a[2 * get_global_id(0)] == 1 && a[2 * get_global_id(0) + 1] == 2;
@*/
__kernel void pairs(__global int *a) {
  __global int *p = &a[2 * get_global_id(0)];
  *p = 1;
  p++;
  *p = 2;
}
