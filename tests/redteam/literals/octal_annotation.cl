//: expect fail post 8
// WRONG: 0100 is octal in C, 64, in an annotation as in the code; the kernel
// writes 100, so the postcondition is false. kprove's annotation lexer read 0100
// as the decimal 100 and verified it.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 0100; // <-A
@*/
__kernel void k(__global int *out) {
  out[get_global_id(0)] = 100;
}
