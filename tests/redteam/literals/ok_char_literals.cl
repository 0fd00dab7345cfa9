//: expect verified
// Control: a character literal has the value C gives it: '\xff' is -1 (char is
// signed), 'A' is 65, a two-character literal is an int, and the same literal
// converted to uchar is 255.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == -1;
@*/
__kernel void k(__global int *out) {
  int c = '\xff';
  uchar u = '\xff';
  int a = 'A';
  int nul = '\0';
  //@ assert c == -1 && u == 255 && a == 65 && nul == 0;
  out[get_global_id(0)] = c;
}
