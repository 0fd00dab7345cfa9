//: expect verified
// Control: in a kernel that never names dimensions 1 and 2 (a 1-D launch), the local
// linear id in a barrier's contract is get_local_id(0): the ids of the unused dimensions
// are 0 in every work item, also in the barrier's check over the group.
/*@
  context get_local_size(0) == 64;
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
@*/
__kernel void k(__global int *out) {
  __local int tile[64];
  int l = get_local_id(0);
  tile[l] = l;
  /*@
    context get_local_size(0) == 64;
    requires Perm(&tile[get_local_linear_id()], write);
    ensures Perm(&tile[(\ltid + 1) % 64], write);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(l + 1) % 64];
}
