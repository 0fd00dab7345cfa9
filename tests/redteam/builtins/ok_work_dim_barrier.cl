//: expect verified
// CONTROL: get_work_dim() is the same for every work item, so the barrier under it is
// uniform; must verify.
__kernel void k(__global int *out) {
  if (get_work_dim() == 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
