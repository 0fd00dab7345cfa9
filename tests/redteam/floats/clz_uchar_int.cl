//: expect fail post 10
// WRONG: clz counts leading zeros in the width of its argument's type (OpenCL 1.2
// §6.12.3): clz((uchar)1) is 7, clz(1) of an int is 31, so out[i] is 24. kprove
// used to model both calls as one function $fn_clz of the value 1 (its int and
// uchar results agree under the guard) and proved out[i] == 0; the function must be
// keyed by the argument and result types.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 0; // <-A
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0);
  uchar small = 1;
  int big = 1;
  int zerosInt = clz(big);
  int zerosChar = clz(small);
  // Both counts are below 256 (7 and 31): the guard holds.
  if (0 <= zerosInt && zerosInt < 256) out[i] = zerosInt - zerosChar; else out[i] = 0;
}
