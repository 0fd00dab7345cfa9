//: expect fail vacuous 7
// WRONG: the precondition x == lid % 2 contradicts itself across work items, so
// the barrier's `ensures false` held vacuously and the unpermitted write to
// out[0] verified. Expected: vacuous (all threads).
/*@
  context get_local_size(0) == 4 && get_num_groups(0) == 1;
  requires x == get_local_id(0) % 2;
@*/
__kernel void kern(__global int *out, int x) {
  /*@
    requires x == get_local_id(0) % 2;
    ensures false;
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[0] = 1;
}
