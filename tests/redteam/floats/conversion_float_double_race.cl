//: expect fail bounds 18
//: expect fail perm.write 18
// WRONG: converting an int through float and through double gives different
// numbers once it needs more than 24 bits: for n = 16777217 (2^24 + 1),
// (long)(float)n is 16777216 and (long)(double)n is 16777217, so item i writes
// out[i + 1], the cell its neighbour owns. kprove used to name both conversions
// by one function of n ($i2f, $f2i), proved the offset 0 and said "verified".
/*@
  context in != NULL && out != NULL && \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  requires 0 <= in[get_global_id(0)] && in[get_global_id(0)] <= 20000000;
@*/
__kernel void k(__global int *in, __global int *out) {
  int i = get_global_id(0);
  int n = in[i];
  long narrow = (long)(float)n, wide = (long)(double)n;
  int step = narrow == wide ? 0 : 1;
  out[i + step] = n; // <-A
}
