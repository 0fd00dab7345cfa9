//: expect verified
// CONTROL: get_group_id(0) is uniform within a work group; must verify.
__kernel void k(__global int *out) {
  if (get_group_id(0) == 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
