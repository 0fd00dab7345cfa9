//: expect fail barrier.divergence 8
// WRONG: item lid == i returns AFTER the barrier of iteration i, so the barrier of
// iteration i+1 is reached by only part of the group. Correct: barrier.divergence.
__kernel void k(__global int *out) {
  int lid = get_local_id(0);
  //@ loop_invariant 0 <= i && i <= 4;
  for (int i = 0; i < 4; i++) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
    if (lid == i) {
      return;
    }
  }
}
