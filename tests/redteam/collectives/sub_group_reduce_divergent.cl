//: expect invalid unsupported 6
// WRONG: sub_group_reduce_add under a thread-dependent condition. Expected: `unsupported`.
__kernel void k(__global int *out) {
  int s = 0;
  if (get_local_id(0) == 1) {
    s = sub_group_reduce_add(1); // <-A
  }
}
