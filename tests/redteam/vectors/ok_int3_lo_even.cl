//: expect verified
// Control: .lo and .even of a 3-component vector name defined components only:
// (x, y) and (x, z).
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 6;
@*/
__kernel void k(__global int *out) {
  int3 v = (int3)(1, 2, 3);
  int2 l = v.lo;
  int2 e = v.even;
  out[get_global_id(0)] = l.x + l.y + e.y;
}
