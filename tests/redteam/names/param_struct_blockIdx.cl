//: expect fail bounds 12
//: expect fail perm.write 12
// WRONG: in OpenCL `blockIdx` is just a by-value struct argument (any value, the same for
// all items), not the group id; the index is not the item's own cell and may be out of
// range. Correct verdict: bounds and perm.write on the write.
typedef struct { int x; } idx_t;
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out, idx_t blockIdx) {
  out[blockIdx.x * get_local_size(0) + get_local_id(0)] = 1; // <-A
}
