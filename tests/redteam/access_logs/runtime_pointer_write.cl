//: expect failed assert 11
// WRONG: q points to a when c != 0; its write may be logged in a's log
/*@
  context get_global_size(0) <= 1000 && a != NULL && b != NULL && \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write) ** Perm(&b[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, __global int *b, int c) {
  __global int *q;
  if (c) q = a; else q = b;
  q[get_global_id(0)] = 1;
  __assert(__no_write(a));
}
