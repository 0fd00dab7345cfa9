//: expect fail perm.read 21
// Failing sibling of tile_transpose.cl, one deliberate bug: the barrier and its contract
//   are removed; the work item reads tile[lx][ly], the cell of another work item, without
//   permission (perm.read).
//
//
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
  out[(get_group_id(0) * 16 + ly) * 64 + get_group_id(1) * 16 + lx] = tile[lx][ly];
}
