//: expect verified
// A ring buffer of 256 cells read by every work item at g & 255 (g mod 256): the mask
// keeps every index in bounds, whatever the launch size.
/*@
  context in != NULL && out != NULL && \pointer_length(in) == 256 && \pointer_length(out) == get_global_size(0);
  context (\forall* int j; 0 <= j && j < 256; Perm(&in[j], 1\get_global_size(0)));
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == in[get_global_id(0) & 255];
@*/
__kernel void ring_mask(__global int *in, __global int *out) {
  size_t g = get_global_id(0);
  out[g] = in[g & 255];
}
