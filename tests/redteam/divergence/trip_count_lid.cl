//: expect fail barrier.divergence 8
// WRONG: the loop runs lid times, so items execute different numbers of barriers.
// Correct verdict: barrier.divergence.
__kernel void k(__global int *out) {
  int n = get_local_id(0);
  //@ loop_invariant 0 <= i && i <= n;
  for (int i = 0; i < n; i++) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
  }
}
