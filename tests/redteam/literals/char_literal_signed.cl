//: expect fail perm.write 13
// WRONG: char is signed on OpenCL devices, so '\xff' is the int -1 (C11 6.4.4.4:
// the char value converted to int) and the branch runs in every work item: each
// writes out[0]. kprove read the literal's bits as the unsigned 4294967295 (Clang's
// CharacterLiteral::getValue()), found the branch dead and verified the kernel.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int c = '\xff';
  if (c < 0)
    out[0] = 1; // <-A
  else
    out[get_global_id(0)] = c;
}
