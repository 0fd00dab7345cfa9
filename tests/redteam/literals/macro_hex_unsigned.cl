//: expect fail assert 11
// WRONG: M expands to 0xFFFFFFFF, a hexadecimal literal too large for int, hence
// an unsigned int, so M + 1 wraps to 0. kprove replaced M by the mathematical
// 4294967295 and proved M + 1 != 0.
#define M 0xFFFFFFFF
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  //@ assert M + 1 != 0; // <-A
  out[get_global_id(0)] = 0;
}
