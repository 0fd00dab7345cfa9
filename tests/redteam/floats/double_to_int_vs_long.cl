//: expect fail post 9
// WRONG: for d = 3e9, (long)d is 3000000000 but (int)d is out of int's range
// (undefined in C; OpenCL leaves it to the implementation): no int equals
// 3000000000, so out[i] is 1. kprove used to take every float-to-integer conversion
// as one unbounded function of the value, whatever its target type, and proved 0.
/*@
  context d != NULL && out != NULL && \pointer_length(d) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&d[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 0; // <-A
@*/
__kernel void k(__global double *d, __global int *out) {
  int i = get_global_id(0);
  int narrow = (int)d[i];
  long wide = (long)d[i];
  if (narrow == wide) out[i] = 0; else out[i] = 1;
}
