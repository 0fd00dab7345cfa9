//: expect verified
// Control: a builtin applied twice to equal arguments of one type gives equal
// results (one function per name and types), on scalars and on a vector's
// components alike: every offset below is 0.
/*@
  context in != NULL && out != NULL && \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  requires 0 <= in[get_global_id(0)] && in[get_global_id(0)] <= 255;
@*/
__kernel void k(__global int *in, __global int *out) {
  int i = get_global_id(0);
  int n = in[i];
  uchar a = (uchar)n, b = (uchar)n;
  int za = clz(a), zb = clz(b);
  int sa = add_sat(n, n), sb = add_sat(n, n);
  uchar2 v = (uchar2)(a, 0);
  uchar2 pv = popcount(v);
  out[i + (za - zb) + (sa - sb) + ((int)pv.x - (int)popcount(a))] = 1;
}
