//: expect fail resources 6
// WRONG: every item claims half of in[0]: over two or more items that is more than 1.
/*@
  context in != NULL && out != NULL && \pointer_length(in) == 1;
  context \pointer_length(out) == get_global_size(0);
  context Perm(&in[0], 1\2); // <-A
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *in, __global int *out) {
  out[get_global_id(0)] = in[0];
}
