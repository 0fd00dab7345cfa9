//: expect failed assert 10
// WRONG: q is a or b depending on a parameter, read through a moved pointer in a loop
/*@
  context get_global_size(0) <= 1000 && a != NULL && b != NULL && \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0);
  context Perm(&a[get_global_id(0)], 1\2) ** Perm(&b[get_global_id(0)], 1\2);
@*/
__kernel void k(__global int *a, __global int *b, int c, __global int *o) {
  __global int *q = c > 3 ? b : a;
  int x = q[get_global_id(0)];
  __assert(!__read(a));
}
