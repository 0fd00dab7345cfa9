//: expect failed assert 10
// WRONG: the thread reads a[g] through (c ? a : b) when c != 0: a's read log may hold it.
/*@
  context get_global_size(0) <= 1000 && a != NULL && b != NULL && o != NULL;
  context \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0) && \pointer_length(o) == get_global_size(0);
  context Perm(&a[get_global_id(0)], 1\2) ** Perm(&b[get_global_id(0)], 1\2) ** Perm(&o[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, __global int *b, __global int *o, int c) {
  o[get_global_id(0)] = (c ? a : b)[get_global_id(0)];
  __assert(__no_read(a));
}
