//: expect fail barrier.fence 17
// WRONG: the fence flags come from a kernel argument that may be 0; moving the local
// tile is then unsynchronised. Correct verdict: rejected (kprove: `type`, flags must be constant) or barrier.fence.
/*@
  context get_local_size(0) == 64;
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
@*/
__kernel void k(__global int *out, int flags) {
  __local int tile[64];
  int lid = get_local_id(0);
  tile[lid] = lid;
  /*@
    context get_local_size(0) == 64;
    requires Perm(&tile[get_local_id(0)], write);
    ensures Perm(&tile[(get_local_id(0) + 1) % 64], 1\2);
  @*/
  barrier(flags); // <-A
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
