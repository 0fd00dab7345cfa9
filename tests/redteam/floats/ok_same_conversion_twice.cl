//: expect verified
// Control: the same conversions of the same value twice give the same number (a
// conversion is a function of its value and its two types), so the offset is 0 and
// every item writes its own cell.
/*@
  context in != NULL && out != NULL && \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  requires 0 <= in[get_global_id(0)] && in[get_global_id(0)] <= 20000000;
@*/
__kernel void k(__global int *in, __global int *out) {
  int i = get_global_id(0);
  int n = in[i];
  float f = (float)n;
  float g = f * 2.0f;
  long a = (long)(float)n, b = (long)f;
  int c = (int)g, d = (int)(f * 2.0f);
  out[i + (int)(a - b) + (c - d)] = n;
}
