//: expect fail perm.read 14
// WRONG: OpenCL twin: a may alias b (shares sum to exactly 1), so reading b[0] plainly
// races with atomic_inc(&a[0]) of other work items. Correct verdict: perm.read.
/*@
  context a != NULL && b != NULL && out != NULL;
  context \pointer_length(a) == 1 && \pointer_length(b) == 1;
  context \pointer_length(out) == get_global_size(0);
  context Perm(&a[0], 1\(2 * get_global_size(0)));
  context Perm(&b[0], 1\(2 * get_global_size(0)));
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, __global int *b, __global int *out) {
  atomic_inc(&a[0]);
  out[get_global_id(0)] = b[0]; // <-A
}
