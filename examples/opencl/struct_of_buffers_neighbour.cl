//: expect fail perm.write 18
// Failing sibling of struct_of_buffers.cl: writes the neighbour's cell of b.out.
struct bufs {
  __global uint *in;
  __global uint *out;
  uint bias;
};

/*@
  context b.in != NULL && b.out != NULL;
  context \pointer_length(b.in) == get_global_size(0);
  context \pointer_length(b.out) == get_global_size(0);
  context Perm(&b.in[get_global_id(0)], 1\2) ** Perm(&b.out[get_global_id(0)], write);
  ensures b.out[get_global_id(0)] == b.in[get_global_id(0)] + b.bias;
@*/
__kernel void add_bias(struct bufs b) {
  size_t i = get_global_id(0);
  b.out[(i + 1) % get_global_size(0)] = b.in[i] + b.bias;
}
