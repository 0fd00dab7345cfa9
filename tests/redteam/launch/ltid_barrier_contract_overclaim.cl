//: expect fail barrier.redistribute 19
//: expect fail perm.read 22
// WRONG: the barrier hands out the neighbour two cells away, and half of the own cell too:
// the work items hand in one cell each, so the own cell would be claimed one and a half times
// (and the read of the right neighbour has no permission).
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
    ensures Perm(&tile[(\ltid + 2) % 64], write) ** Perm(&tile[\ltid], 1\2);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(l + 1) % 64];
}
