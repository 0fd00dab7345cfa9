//: expect fail assert 10
// WRONG: 037777777777 is an octal literal too large for int, so its type is
// unsigned int (C11 6.4.4.1) and 037777777777 + 1 wraps to 0. kprove read it as
// the decimal 37777777777 (a long) and proved the sum nonzero.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  //@ assert 037777777777 + 1 != 0; // <-A
  out[get_global_id(0)] = 0;
}
