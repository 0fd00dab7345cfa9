//: expect fail perm.read 18
// Failing sibling of async_copy_tile.cl, one deliberate bug: the tile is read before
//   the wait, while the copy may still be writing it; the copy holds the permission
//   of the cell until the wait (perm.read).
/*@
  context get_local_size(0) == 64;
  context in != NULL && \pointer_length(in) == get_global_size(0);
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], read);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
  ensures out[get_global_id(0)] == in[get_global_id(0)];
@*/
__kernel void async_copy_tile(__global const int *in, __global int *out) {
  __local int tile[64];
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
  // Bug: the read belongs after the wait.
  out[get_global_id(0)] = tile[get_local_id(0)];
  wait_group_events(1, &e);
}
