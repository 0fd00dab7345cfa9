//: expect verified
// Control: an octal literal means the same in an annotation as in the code (0100
// is 64; 037777777777 is the unsigned int 4294967295, which wraps).
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 0100 && out[get_global_id(0)] == 64;
@*/
__kernel void k(__global int *out) {
  //@ assert 037777777777 + 1 == 0 && 037777777777 == 4294967295u && 00 == 0 && 017u == 15;
  out[get_global_id(0)] = 0100;
}
