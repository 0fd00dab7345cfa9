//: expect fail barrier.divergence 9
// WRONG: in[gid] differs between items, so the barrier under it diverges.
/*@
  context in != NULL && \pointer_length(in) == get_global_size(0);
  context Perm(&in[get_global_id(0)], 1\2);
@*/
__kernel void k(__global int *in) {
  if (in[get_global_id(0)] > 0) {
    barrier(CLK_GLOBAL_MEM_FENCE); // <-A
  }
}
