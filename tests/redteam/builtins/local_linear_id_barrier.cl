//: expect fail barrier.divergence 8
// WRONG: get_local_linear_id() differs between work items, so the barrier under it is
// divergent. Correct verdict: barrier.divergence at the barrier (kprove models the builtin
// as an unknown value, see local_linear_id_index.cl), otherwise
// `unsupported` at the call - never verified.
__kernel void k(__global int *out) {
  if (get_local_linear_id() < 16) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
  }
}
