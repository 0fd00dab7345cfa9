//: expect invalid unsupported 6
// WRONG: work_group_all reached by only part of the group. Expected: `unsupported`.
__kernel void k(__global int *out) {
  int v = 1;
  if (get_local_id(0) == 0) {
    v = work_group_all(v); // <-A
  }
}
