//: expect fail bounds 12
//: expect fail post 8
// The mask 256 instead of 255: g & 256 is 0 or 256, in[256] is outside (post fails too).
/*@
  context in != NULL && out != NULL && \pointer_length(in) == 256 && \pointer_length(out) == get_global_size(0);
  context (\forall* int j; 0 <= j && j < 256; Perm(&in[j], 1\get_global_size(0)));
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == in[get_global_id(0) & 255];
@*/
__kernel void ring_mask(__global int *in, __global int *out) {
  size_t g = get_global_id(0);
  out[g] = in[g & 256];
}
