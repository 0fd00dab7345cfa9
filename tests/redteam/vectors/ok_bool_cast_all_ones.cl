//: expect verified
// Control: OpenCL's bool-to-vector conversion sets every bit of each component:
// -1 in a signed component, the largest value in an unsigned one; false is 0.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 4294967295u;
@*/
__kernel void k(__global uint *out) {
  bool b = true, f = false;
  uint2 v = (uint2)b;
  int2 s = (int2)b;
  uchar4 c = (uchar4)b;
  ushort2 z = (ushort2)f;
  //@ assert s.x == -1 && c.w == 255 && z.y == 0;
  out[get_global_id(0)] = v.y;
}
