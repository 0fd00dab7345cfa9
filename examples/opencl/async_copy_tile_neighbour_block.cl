//: expect fail pre 17
// Failing sibling of async_copy_tile.cl, one deliberate bug: each group copies the
//   next group's block of `in`, which its work items hold no permission to: the copy
//   needs a read permission on every source element it copies (pre, at the copy).
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
  // Bug: the next group's block (cyclically), not this group's.
  event_t e = async_work_group_copy(tile, in + (get_group_id(0) + 1) % get_num_groups(0) * 64, 64, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[get_local_id(0)];
}
