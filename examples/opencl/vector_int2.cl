//: expect verified
// OpenCL vectors: a buffer of uint2 is one array per component (a.x, a.y), and
// Perm(&a[i], write) is the permission to both components of a[i]. Each work
// item swaps the components of its element with a swizzle and adds a vector
// literal, component-wise.
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)].x == \old(a[get_global_id(0)].y);
  ensures a[get_global_id(0)].s1 == \old(a[get_global_id(0)].x) + 1;
@*/
__kernel void swap_inc(__global uint2 *a) {
  size_t i = get_global_id(0);
  uint2 v = a[i];
  a[i] = v.yx + (uint2)(0, 1);
}
