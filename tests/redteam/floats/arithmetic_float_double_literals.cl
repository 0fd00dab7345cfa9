//: expect fail post 9
// WRONG: 100000000 + 1 is not a float (floats near 1e8 are 8 apart): in float the
// sum rounds back to 100000000, in double it is 100000001, so the two results
// differ and out[i] is 1. kprove used to take float and double addition (and the
// literals 1e8f and 1e8) as one function, and proved out[i] == 0.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 0; // <-A
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0);
  long single = (long)(1e8f + 1.0f);
  long dbl = (long)(1e8 + 1.0);
  if (single == dbl) out[i] = 0; else out[i] = 1;
}
