//: expect verified
// select(a, b, c) on vectors: b.i where the most significant bit of c.i is set,
// a.i elsewhere, for signed and unsigned masks.
/*@
  context a != NULL && \pointer_length(a) == 4 * get_global_size(0);
  context (\forall* int j; 0 <= j && j < 4; Perm(&a[4 * get_global_id(0) + j], write));
  ensures a[4 * get_global_id(0)] == 7 && a[4 * get_global_id(0) + 1] == 2;
  ensures a[4 * get_global_id(0) + 2] == 7 && a[4 * get_global_id(0) + 3] == 2;
@*/
__kernel void k(__global int *a) {
  int2 x = (int2)(1, 2);
  int2 y = (int2)(7, 8);
  int2 r = select(x, y, (int2)(-1, 0));
  int2 s = select(x, y, (uint2)(0x80000000u, 0x7fffffffu));
  size_t g = get_global_id(0);
  a[4 * g] = r.x;
  a[4 * g + 1] = r.y;
  a[4 * g + 2] = s.x;
  a[4 * g + 3] = s.y;
}
