//: expect fail barrier.fence 20
// Chapter 6, exercise: the exchange with a different barrier. kprove rejects
// the barrier's contract although the code "works" on some GPUs. Why? Fix it.
//
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
  /*@
    context get_local_size(0) == 64;
    requires Perm(&tile[get_local_id(0)], write);
    requires tile[get_local_id(0)] == get_group_id(0) * 64 + get_local_id(0);
    ensures Perm(&tile[(get_local_id(0) + 1) % 64], 1\2);
    ensures tile[(get_local_id(0) + 1) % 64] == get_group_id(0) * 64 + (get_local_id(0) + 1) % 64;
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
