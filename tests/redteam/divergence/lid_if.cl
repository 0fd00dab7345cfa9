//: expect fail barrier.divergence 5
// WRONG: only items with an even local id reach the barrier. Correct: barrier.divergence.
__kernel void k(__global int *out) {
  if (get_local_id(0) % 2 == 0) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
  }
}
