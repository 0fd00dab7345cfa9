//: expect verified
// Control: whatever the float, (uchar)f is a uchar (kprove assumes nothing more of
// an out-of-range conversion), and the same conversion twice gives the same value.
/*@
  context f != NULL && out != NULL && \pointer_length(f) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&f[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  ensures 0 <= out[get_global_id(0)] && out[get_global_id(0)] < 256;
@*/
__kernel void k(__global float *f, __global int *out) {
  int i = get_global_id(0);
  uchar c = (uchar)f[i];
  uchar d = (uchar)f[i];
  out[i] = c + (c - d);
}
