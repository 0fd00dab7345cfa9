//: expect invalid unsupported 16
// Cause 55 through a pointer whose array is known only at run time: q points to the
// private v or w, and the inlined helper's barrier contract names it.
void h(int *x, __global int *o) {
  /*@ requires Perm(&x[0], write);
      ensures Perm(&x[0], write) ** Perm(&o[0], write); @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
}
/*@ context get_local_size(0) == 4 && get_num_groups(0) == 1;
    context out != NULL && \pointer_length(out) == 1; @*/
__kernel void k(__global int *out, int c) {
  int v = get_local_id(0);
  int w[2];
  int *q = c ? &v : w;
  w[0] = v;
  h(q, out);
  out[0] = v;
}
