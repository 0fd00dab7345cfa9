//: expect verified
// Each work group copies its 64-element block of `in` into a __local tile with
// async_work_group_copy and waits for it; then each work item copies its own tile cell
// out. The copy is the group's: work item t hands the copy the permissions of element
// t (write on tile[t], read on in[base + t]) and gets them back, with the value, at the
// wait (docs/language.md §11.10).
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
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[get_local_id(0)];
}
