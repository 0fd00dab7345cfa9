//: expect fail barrier.divergence 7
// WRONG: in iteration i only the item with lid == i takes the barrier.
__kernel void k(__global int *out) {
  //@ loop_invariant 0 <= i && i <= 4;
  for (int i = 0; i < 4; i++) {
    if (get_local_id(0) == i) {
      barrier(CLK_LOCAL_MEM_FENCE); // <-A
    }
  }
}
