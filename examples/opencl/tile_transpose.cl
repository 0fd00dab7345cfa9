//: expect verified
// Matrix transpose through a 2-D __local tile, tile[16][17] (the padding column keeps a
// GPU's banks conflict-free): each 16x16 work group copies its block into the tile, and
// after the barrier writes the tile's transpose: 4x4 groups over a 64x64 matrix (sizes
// pinned in the contract). Proves race freedom only: a local fence cannot carry facts
// about global memory across the barrier.
/*@
  context get_local_size(0) == 16 && get_local_size(1) == 16;
  context get_num_groups(0) == 4 && get_num_groups(1) == 4;
  context get_local_size(2) == 1 && get_num_groups(2) == 1;
  context in != NULL && out != NULL && \pointer_length(in) == 4096 && \pointer_length(out) == 4096;
  context Perm(&in[get_global_id(1) * 64 + get_global_id(0)], 1\2);
  context Perm(&out[(get_group_id(0) * 16 + get_local_id(1)) * 64 + get_group_id(1) * 16 + get_local_id(0)], write);
  requires Perm(&tile[get_local_id(1)][get_local_id(0)], write);
@*/
__kernel void tile_transpose(__global int *in, __global int *out) {
  __local int tile[16][17];
  int lx = get_local_id(0);
  int ly = get_local_id(1);
  tile[ly][lx] = in[get_global_id(1) * 64 + get_global_id(0)];
  /*@
    context get_local_size(0) == 16 && get_local_size(1) == 16;
    requires Perm(&tile[get_local_id(1)][get_local_id(0)], write);
    ensures Perm(&tile[get_local_id(0)][get_local_id(1)], 1\2);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(get_group_id(0) * 16 + ly) * 64 + get_group_id(1) * 16 + lx] = tile[lx][ly];
}
