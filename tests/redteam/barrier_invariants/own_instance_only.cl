//: expect failed post 10
// WRONG: the invariant is instantiated for the neighbour two cells to the right, not the
// one the work item reads: that value is unknown after the barrier, and the
// postcondition does not follow.
/*@
  context get_local_size(0) == 64;
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
  ensures out[get_global_id(0)] == get_group_id(0) * 64 + (get_local_id(0) + 1) % 64;
@*/
__kernel void exchange(__global int *out) {
  __local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = get_global_id(0);
  __barrier_invariant_1(tile[get_local_id(0)] == get_global_id(0),
                        (get_local_id(0) + 2) % 64);
  /*@
    context get_local_size(0) == 64;
    requires Perm(&tile[get_local_id(0)], write);
    ensures Perm(&tile[(get_local_id(0) + 1) % 64], 1\2);
    ensures Perm(&tile[(get_local_id(0) + 2) % 64], 1\4);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
