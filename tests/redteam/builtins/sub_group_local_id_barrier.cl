//: expect invalid unsupported 5
// WRONG: get_sub_group_local_id() is thread-dependent; barrier under it diverges.
// Correct verdict: barrier.divergence if modelled, else `unsupported`.
__kernel void k(__global int *out) {
  int s = get_sub_group_local_id();
  if (s == 0) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
  }
}
