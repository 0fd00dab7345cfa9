//: expect invalid unsupported 6
// WRONG: work_group_any reached by only part of the group. Expected: `unsupported`.
__kernel void k(__global int *out) {
  int v = 0;
  if (get_local_id(0) > 3) {
    v = work_group_any((int)get_local_id(0) - 5); // <-A
  }
}
