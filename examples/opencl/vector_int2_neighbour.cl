//: expect fail perm.write 15
// Failing sibling of vector_int2.cl, one deliberate bug: each work item also clears
//   the y component of its right neighbour's element, which it holds no permission
//   to (a race through a vector component: perm.write).
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)].x == \old(a[get_global_id(0)].y);
@*/
__kernel void swap_inc(__global uint2 *a) {
  size_t i = get_global_id(0);
  uint2 v = a[i];
  a[i] = v.yx + (uint2)(0, 1);
  if (i + 1 < get_global_size(0))
    a[i + 1].y = 0;
}
