//: expect verified
// CONTROL: the trip count depends only on the group id: uniform in the group.
__kernel void k(__global int *out) {
  int n = get_group_id(0);
  //@ loop_invariant 0 <= i && i <= n;
  for (int i = 0; i < n; i++) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
