//: expect fail post 12  //: flags --int-math (its inputs are unbounded ints: their sum may overflow; the claim is about mathematical sums)
// Failing sibling of reduction.cl, one deliberate bug: the postcondition promises
//   out[group] > 0, but all inputs may be 0 (post).
/*@
  context get_local_size(0) == 256;
  context in != NULL && out != NULL;
  context \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_num_groups(0);
  context Perm(&in[get_global_id(0)], 1\2);
  context get_local_id(0) == 0 ==> Perm(&out[get_group_id(0)], write);
  requires in[get_global_id(0)] >= 0;
  requires Perm(&buf[get_local_id(0)], write);
  ensures get_local_id(0) == 0 ==> out[get_group_id(0)] > 0;
@*/
__kernel void reduce(__global int *in, __global int *out) {
  __local int buf[256];
  int lid = get_local_id(0);
  buf[lid] = in[get_global_id(0)];
  /*@
    loop_invariant s == 0 || s == 1 || s == 2 || s == 4 || s == 8 || s == 16 || s == 32 || s == 64 || s == 128;
    loop_invariant (lid == 0 || lid < 2 * s) ==> Perm(&buf[lid], write) ** buf[lid] >= 0;
  @*/
  for (int s = 128; s > 0; s /= 2) {
    /*@
      context get_local_size(0) == 256 && 0 < s && s <= 128;
      requires get_local_id(0) < 2 * s ==> Perm(&buf[get_local_id(0)], write) ** buf[get_local_id(0)] >= 0;
      ensures get_local_id(0) < s ==> Perm(&buf[get_local_id(0)], write) ** Perm(&buf[get_local_id(0) + s], write);
      ensures get_local_id(0) < s ==> buf[get_local_id(0)] >= 0 && buf[get_local_id(0) + s] >= 0;
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < s) {
      buf[lid] += buf[lid + s];
    }
  }
  if (lid == 0) {
    out[get_group_id(0)] = buf[0];
  }
}
