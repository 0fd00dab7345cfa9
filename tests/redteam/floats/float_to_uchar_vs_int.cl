//: expect fail bounds 17
//: expect fail perm.write 17
// WRONG: converting a float to uchar and to int are different functions: for
// f = 300.0f, (int)f is 300 while (uchar)f is out of uchar's range (undefined in
// C, implementation-defined in OpenCL C §6.2.3.3, 255 where GPUs saturate): never
// 300. So c != w and item i writes out[i + 1], its neighbour's cell. kprove used
// to take both conversions as one unbounded $f2i(f) and proved c == w.
/*@
  context f != NULL && out != NULL && \pointer_length(f) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&f[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global float *f, __global int *out) {
  int i = get_global_id(0);
  uchar c = (uchar)f[i];
  int w = (int)f[i];
  if (c == w) out[i] = 1;
  else out[i + 1] = 1; // <-A
}
