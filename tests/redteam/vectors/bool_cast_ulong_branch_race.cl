//: expect fail perm.write 14
// WRONG: (ulong2)b of a true bool is 2^64 - 1 in each component, above any uint,
// so the branch runs in every work item and each writes out[0]. The 64-bit case of
// bool_cast_uint_branch_race.cl (the all-ones value is no int64_t: kprove builds
// it as -1 wrapped into ulong); kprove stored -1 and found the branch dead.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global uint *out) {
  bool b = true;
  ulong2 v = (ulong2)b;
  if (v.x > 4294967295u)
    out[0] = 1; // <-A
}
