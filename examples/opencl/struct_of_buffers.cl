//: expect verified
// A kernel taking a struct of buffer pointers by value: each pointer field is a
// buffer parameter of its own (b.in, b.out), named as C names it. The two fields may
// point to one buffer; the permissions (read b.in, write b.out) tell them apart.
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
  b.out[i] = b.in[i] + b.bias;
}
