//: expect invalid unsupported 10
// WRONG-BY-OMISSION: even reached uniformly, work_group_reduce_max's result must not be
// an unconstrained or a per-thread value; kprove does not model collectives, so
// `unsupported` at the call.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int m = work_group_reduce_max((int)get_local_id(0)); // <-A
  out[get_global_id(0)] = m;
}
