//: expect fail bounds 21
//: expect fail perm.write 21
// WRONG: mul_hi gives the high half of the product in its arguments' width: for
// n = 200, mul_hi((uchar)200, (uchar)200) is 40000 >> 8 = 156 while mul_hi(200, 200)
// on ints is 40000 >> 32 = 0. Both are below 256, so the guard holds, the two
// results differ, and item i writes out[i + 1], its neighbour's cell (or past the
// end). The calls used to be one function $fn_mul_hi of the value 200; the guard
// made its int and uchar results agree, and the offset was proved 0.
/*@
  context in != NULL && out != NULL && \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  requires 0 <= in[get_global_id(0)] && in[get_global_id(0)] <= 255;
@*/
__kernel void k(__global int *in, __global int *out) {
  int i = get_global_id(0);
  int n = in[i];
  uchar c = (uchar)n;
  int highInt = mul_hi(n, n);
  int highChar = mul_hi(c, c);
  int step = (0 <= highInt && highInt < 256 && highInt != highChar) ? 1 : 0;
  out[i + step] = 1; // <-A
}
