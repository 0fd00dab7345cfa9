//: expect fail barrier.divergence 6
// WRONG: the barrier is reached only by items with lid < enqueued size - 1: divergent.
// Correct verdict: barrier.divergence if modelled, else `unsupported`.
__kernel void k(__global int *out) {
  if (get_local_id(0) + 1 < get_enqueued_local_size(0)) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
  }
}
