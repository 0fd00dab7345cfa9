//: expect fail assert 16
// WRONG: 1.00000048f and 1.00000048 print alike but are different numbers: the
// float nearest 1.00000048 is 1.00000047683715820..., the double is 1.00000048
// (to 16 digits). The cells hold different values, so the assertion is false.
// kprove used to name a literal by its printed digits, so both cells held the same
// term and the assertion was proved.
/*@
  context fo != NULL && dout != NULL && \pointer_length(fo) == get_global_size(0) && \pointer_length(dout) == get_global_size(0);
  context Perm(&fo[get_global_id(0)], write) ** Perm(&dout[get_global_id(0)], write);
@*/
__kernel void k(__global float *fo, __global double *dout) {
  int i = get_global_id(0);
  fo[i] = 1.00000048f;
  dout[i] = 1.00000048;
  // Annotations compare floating-point values as the numbers they are.
  //@ assert fo[i] == dout[i]; // <-A
}
