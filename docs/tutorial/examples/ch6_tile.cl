//: expect verified
// Chapter 6: chapter 4's exchange in OpenCL, through a __local tile of 64 cells
// that each work group owns. The barrier's contract is the annotation right
// before it; CLK_LOCAL_MEM_FENCE fences the tile.
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
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
