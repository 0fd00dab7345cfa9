//: expect invalid unsupported 13
// WRONG: .hi of a 3-component vector is (z, w), and OpenCL C (6.1.7) leaves w
// undefined, so nothing can be claimed of the second cell stored. kprove indexed
// past the vector's three components and crashed; now rejected, naming the
// component.
/*@
  context out != NULL && \pointer_length(out) == 2 && get_global_size(0) == 1;
  context Perm(&out[0], write) ** Perm(&out[1], write);
  ensures out[1] == 0;
@*/
__kernel void k(__global int *out) {
  int3 v = (int3)(1, 2, 3);
  vstore2(v.hi, 0, out); // <-A
}
