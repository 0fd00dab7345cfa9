//: expect verified
// CONTROL: a temporary pointer of an inner block swaps two pointers to buffers; it
// never holds a local's address, so nothing dangles (the red team's false alarm).
/*@
  context a != NULL && b != NULL && \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write) ** Perm(&b[get_global_id(0)], write);
  ensures c != 0 ==> b[get_global_id(0)] == 1;
  ensures c == 0 ==> a[get_global_id(0)] == 1;
@*/
__kernel void k(__global int *a, __global int *b, int c) {
  __global int *p = a;
  __global int *q = b;
  if (c) { __global int *t = p; p = q; q = t; }
  p[get_global_id(0)] = 1;
}
