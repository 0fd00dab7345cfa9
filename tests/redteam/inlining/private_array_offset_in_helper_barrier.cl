//: expect invalid unsupported 14
// Cause 55 with an offset: the call binds the helper's x to t + 1, a cell of the
// private array t, which the helper's barrier contract names.
void h(int *x, __global int *o) {
  /*@ requires Perm(&x[0], write);
      ensures Perm(&x[0], write) ** Perm(&o[0], write); @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
}
/*@ context get_local_size(0) == 4 && get_num_groups(0) == 1;
    context out != NULL && \pointer_length(out) == 1; @*/
__kernel void k(__global int *out) {
  int t[2];
  t[1] = get_local_id(0);
  h(t + 1, out);
  out[0] = t[1];
}
