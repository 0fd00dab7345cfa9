//: expect fail perm.read 14
// WRONG: a and b may alias; every work item atomically increments a[lid % 2] and plainly
// reads b[1] with only a share. Correct verdict: perm.read on the plain read.
/*@
  context a != NULL && b != NULL && out != NULL;
  context \pointer_length(a) == 2 && \pointer_length(b) == 2;
  context \pointer_length(out) == get_global_size(0);
  context Perm(&a[0], 1\(2 * get_global_size(0))) ** Perm(&a[1], 1\(2 * get_global_size(0)));
  context Perm(&b[1], 1\(2 * get_global_size(0)));
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, __global int *b, __global int *out) {
  atomic_inc(&a[get_local_id(0) % 2]);
  out[get_global_id(0)] = b[1]; // <-A
}
