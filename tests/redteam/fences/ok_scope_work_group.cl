//: expect verified
// CONTROL: work_group scope with the local fence publishes the tile;
//   must verify (near-miss of scope_work_item.cl).
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
    ensures Perm(&tile[(get_local_id(0) + 1) % 64], 1\2);
  @*/
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group); // <-A
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
