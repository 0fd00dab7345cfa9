//: expect fail barrier.post 15
// WRONG: the barrier promises tile[lid+1] == lid + 2, but the neighbour wrote lid + 1.
/*@
  context get_local_size(0) == 32;
  requires Perm(&tile[get_local_id(0)], write);
@*/
__kernel void k(__global int *out) {
  __local int tile[32];
  int lid = get_local_id(0);
  tile[lid] = lid;
  /*@
    context get_local_size(0) == 32;
    requires Perm(&tile[get_local_id(0)], write) ** tile[get_local_id(0)] == get_local_id(0);
    ensures Perm(&tile[(get_local_id(0) + 1) % 32], 1\2);
    ensures tile[(get_local_id(0) + 1) % 32] == get_local_id(0) + 2; // <-A
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
}
