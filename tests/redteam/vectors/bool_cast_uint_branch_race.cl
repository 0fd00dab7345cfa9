//: expect fail perm.write 14
// WRONG: OpenCL's (uint2)b of a true bool is all bits set in each component
// (OpenCL C 6.2.2), 0xFFFFFFFF, so the branch runs in every work item and each
// writes out[0]. kprove stored -1 in the uint component, out of its range; the
// comparison was false, the branch looked dead and the race was missed.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global uint *out) {
  bool b = true;
  uint2 v = (uint2)b;
  if (v.y == 0xFFFFFFFFu)
    out[0] = 1; // <-A
}
