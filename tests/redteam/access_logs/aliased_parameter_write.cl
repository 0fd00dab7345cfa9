//: expect failed assert 12
// WRONG when the host passes one buffer for a and b (allowed: the permissions a[2g] and
// b[2g+1] add up to at most write per cell): the write b[2g+1] is a write of a's buffer,
// and a's write log may hold it, so __no_write(a) may be false.
/*@
  context get_global_size(0) <= 1000 && a != NULL && b != NULL;
  context \pointer_length(a) == 2 * get_global_size(0) && \pointer_length(b) == 2 * get_global_size(0);
  context Perm(&a[2 * get_global_id(0)], write) ** Perm(&b[2 * get_global_id(0) + 1], write);
@*/
__kernel void k(__global int *a, __global int *b) {
  b[2 * get_global_id(0) + 1] = 1;
  __assert(__no_write(a));
}
