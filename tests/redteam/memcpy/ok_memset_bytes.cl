//: expect verified
// memset's byte repeated in each element: 0x01 in every byte of an int is
// 0x01010101, -1 in every byte of a short is -1, and a run-time byte b in a uint is
// b * 0x01010101.
/*@
  context a != NULL && s != NULL && u != NULL;
  context \pointer_length(a) == get_global_size(0) && \pointer_length(s) == get_global_size(0);
  context \pointer_length(u) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write) ** Perm(&s[get_global_id(0)], write);
  context Perm(&u[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 16843009 && s[get_global_id(0)] == -1;
  ensures u[get_global_id(0)] == (uint)(uchar)b * 16843009u;
@*/
__kernel void k(__global int *a, __global short *s, __global uint *u, int b) {
  size_t g = get_global_id(0);
  __builtin_memset(&a[g], 1, sizeof(int));
  __builtin_memset(s + g, 0xff, sizeof(short));
  __builtin_memset(&u[g], b, 4);
}
