//: expect verified
// CONTROL: i starts as the local id but is overwritten with 4 before the test, so the
// condition is uniform; must verify.
__kernel void k(__global int *out) {
  int i = get_local_id(0);
  i = 4;
  if (i > 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
