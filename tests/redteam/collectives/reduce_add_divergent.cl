//: expect invalid unsupported 11
// WRONG: work_group_reduce_add is a collective every item of the group must reach; here
// only items with lid < 16 do. Expected: `unsupported` at the call (not modelled).
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int s = 0;
  if (get_local_id(0) < 16) {
    s = work_group_reduce_add(1); // <-A
  }
  out[get_global_id(0)] = s;
}
