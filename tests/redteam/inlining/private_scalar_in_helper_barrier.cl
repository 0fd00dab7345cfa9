//: expect invalid unsupported 15
// Cause 55 (docs/soundness.md): every work item writes out[0], a race. The inlined
// helper's barrier contract names x[0], and the call binds x to the caller's private
// variable v, one symbol for all threads: the barrier check added up four write
// permissions to one cell, a contradiction that proved every barrier postcondition.
void h(int *x, __global int *o) {
  /*@ requires Perm(&x[0], write);
      ensures Perm(&x[0], write) ** Perm(&o[0], write); @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
}
/*@ context get_local_size(0) == 4 && get_num_groups(0) == 1;
    context out != NULL && \pointer_length(out) == 1; @*/
__kernel void k(__global int *out) {
  int v = get_local_id(0);
  h(&v, out);
  out[0] = v;
}
