//: expect invalid unsupported 7
// WRONG: .odd of a 3-component vector is (y, w), w undefined (OpenCL C 6.1.7);
// writing it wrote a fourth component the vector does not have (kprove crashed).
/*@ context out != NULL && \pointer_length(out) == 1 && get_global_size(0) == 1 && Perm(&out[0], write); @*/
__kernel void k(__global int *out) {
  int3 v = (int3)(1, 2, 3);
  v.odd = (int2)(7, 8); // <-A
  out[0] = v.z;
}
