//: expect invalid unsupported 19
// WRONG: memory_scope_sub_group does not cover the whole work group, but the tile
//   moves across the group. Correct verdict: barrier.fence.
/*@
  context get_local_size(0) == 64;
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
@*/
__kernel void k(__global int *out) {
  __local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = lid;
  /*@
    context get_local_size(0) == 64;
    requires Perm(&tile[get_local_id(0)], write);
    ensures Perm(&tile[(get_local_id(0) + 1) % 64], 1\2); // <-A (reported on the clause that moves the permission)
  @*/
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group);
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
