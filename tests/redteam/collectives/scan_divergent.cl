//: expect invalid unsupported 10
// WRONG: work_group_scan_inclusive_add under a lid-dependent condition. Expected:
// `unsupported` at the call.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  if (get_local_id(0) < 8) {
    out[get_global_id(0)] = work_group_scan_inclusive_add(1); // <-A
  }
}
