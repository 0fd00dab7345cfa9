//: expect invalid unsupported 6
// WRONG: .hi of a buffer's 3-component element includes the undefined w (OpenCL C
// 6.1.7); kprove indexed past the element's three leaves and crashed.
/*@ context p != NULL && \pointer_length(p) == get_global_size(0) && Perm(&p[get_global_id(0)], 1\2); @*/
__kernel void k(__global int3 *p) {
  int2 o = p[get_global_id(0)].hi; // <-A
}
