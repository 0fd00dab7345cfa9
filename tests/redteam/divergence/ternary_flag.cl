//: expect fail barrier.divergence 6
// WRONG: c is computed from the local id through ?:, then guards the barrier.
__kernel void k(__global int *out) {
  int c = get_local_id(0) < 4 ? 1 : 0;
  if (c == 1) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
  }
}
