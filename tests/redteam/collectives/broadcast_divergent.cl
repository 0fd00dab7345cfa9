//: expect invalid unsupported 11
// WRONG: work_group_broadcast under a thread-dependent condition (divergent collective).
// Expected: `unsupported` at the call.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int v = 0;
  if (get_local_id(0) % 2 == 0) {
    v = work_group_broadcast((int)get_local_id(0), 0); // <-A
  }
  out[get_global_id(0)] = v;
}
