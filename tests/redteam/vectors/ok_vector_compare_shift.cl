//: expect verified
// CONTROL: unsigned vector comparisons give -1/0 in the signed type; OpenCL vector shifts mask the count
__kernel void k(__global int *a) {
  char2 r = (uchar2)(200, 1) > (uchar2)(100, 2);
  char rx = r.x; char ry = r.y;
  //@ assert rx == -1 && ry == 0;
  short2 s = (ushort2)(40000, 1) > (ushort2)(100, 2);
  short sx = s.x;
  //@ assert sx == -1;
  long2 l = (ulong2)(0xffffffffffffUL, 1) > (ulong2)(100, 2);
  long lx = l.x; long ly = l.y;
  //@ assert lx == -1 && ly == 0;
  int2 m = (int2)(-5, 5) >> (int2)(1, 33);
  int mx = m.x; int my = m.y;
  //@ assert mx == -3 && my == 2;
  uint2 u = (uint2)(1, 1) << (uint2)(32, 33);
  uint ux = u.x; uint uy = u.y;
  //@ assert ux == 1 && uy == 2;
}
