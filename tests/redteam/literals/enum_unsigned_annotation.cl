//: expect fail assert 12
// WRONG: BIG = 0x80000000 does not fit int, so the enumeration and the constant
// have type unsigned int, and BIG + BIG wraps to 0, in the code and in the
// annotation alike. kprove read BIG in the annotation as a mathematical integer
// (while the code wrapped) and proved BIG + BIG != 0.
enum { BIG = 0x80000000 };
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  //@ assert BIG + BIG != 0; // <-A
  out[get_global_id(0)] = 0;
}
