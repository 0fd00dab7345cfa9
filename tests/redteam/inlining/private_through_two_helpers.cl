//: expect invalid unsupported 11
// Cause 55, one call deeper: outer passes its parameter on to inner, whose barrier
// contract names it; the kernel binds it to its private v.
void inner(int *y, __global int *o) {
  /*@ requires Perm(&y[0], write);
      ensures Perm(&y[0], write) ** Perm(&o[0], write); @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
}
void outer(int *x, __global int *o) {
  x[0] = x[0] + 1;
  inner(x, o);
}
/*@ context get_local_size(0) == 4 && get_num_groups(0) == 1;
    context out != NULL && \pointer_length(out) == 1; @*/
__kernel void k(__global int *out) {
  int v = get_local_id(0);
  outer(&v, out);
  out[0] = v;
}
