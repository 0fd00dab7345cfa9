//: expect invalid unsupported 5
// WRONG: work items of different sub-groups disagree on get_sub_group_id(), so the barrier
// is divergent. Correct verdict: barrier.divergence if modelled, else `unsupported`.
__kernel void k(__global int *out) {
  if (get_sub_group_id() == 0) {
    barrier(CLK_GLOBAL_MEM_FENCE); // <-A
  }
}
