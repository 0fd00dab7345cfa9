//: expect fail assert 12
// __global_assert binds every thread, those that do not execute it too: in the branch the
// threads with an odd local id skip, `get_local_id(0) % 2 == 0` holds only for those that
// run it.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void strides(__global int *out, int n) {
  __requires(0 < n && n <= 1024);
  if (get_local_id(0) % 2 == 0) {
    __global_assert(get_local_id(0) % 2 == 0);
  }
  out[get_global_id(0)] = n;
}
