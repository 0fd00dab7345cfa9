//: expect fail perm.read 33
// tree_reduction_inferred.cl with the partner one cell off (buf[lid + s - 1]): for lid 0
// and s 1 that is buf[0] again, and in general a cell another work item updates in the
// same round; work item lid holds only buf[lid] and buf[lid + s].
/*@
  context 0 <= k && k <= 10 && get_local_size(0) == 1 << k && get_local_size(0) <= 1024;
  context in != NULL && out != NULL && buf != NULL;
  context \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_num_groups(0);
  context \pointer_length(buf) == get_local_size(0);
  context Perm(&in[get_global_id(0)], 1\2);
  context get_local_id(0) == 0 ==> Perm(&out[get_group_id(0)], write);
  requires 0 <= in[get_global_id(0)] && in[get_global_id(0)] <= 1000;
  requires Perm(&buf[get_local_id(0)], write);
  ensures get_local_id(0) == 0 ==> 0 <= out[get_group_id(0)] && out[get_group_id(0)] <= 1000 * get_local_size(0);
@*/
__kernel void reduce(__global const int *in, __global int *out, __local int *buf, int k) {
  size_t lid = get_local_id(0);
  buf[lid] = in[get_global_id(0)];
  /*@
    requires Perm(&buf[get_local_id(0)], write) ** 0 <= buf[get_local_id(0)] && buf[get_local_id(0)] <= 1000;
    ensures get_local_id(0) == 0 || get_local_id(0) < get_local_size(0) / 2 ==> Perm(&buf[get_local_id(0)], write) ** 0 <= buf[get_local_id(0)] && buf[get_local_id(0)] <= 1000;
    ensures get_local_id(0) < get_local_size(0) / 2 ==> Perm(&buf[get_local_id(0) + get_local_size(0) / 2], write) ** 0 <= buf[get_local_id(0) + get_local_size(0) / 2] && buf[get_local_id(0) + get_local_size(0) / 2] <= 1000;
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  int span = 1; // how many inputs buf[lid] sums
  /*@
    loop_invariant 1 <= span && span <= get_local_size(0) && (s == 0 || 2 * s * span == get_local_size(0));
    loop_invariant lid == 0 || lid < s ==> Perm(&buf[lid], write) ** 0 <= buf[lid] && buf[lid] <= 1000 * span;
    loop_invariant lid < s ==> Perm(&buf[lid + s], write) ** 0 <= buf[lid + s] && buf[lid + s] <= 1000 * span;
  @*/
  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      buf[lid] += buf[lid + s - 1];
    /*@
      requires get_local_id(0) == 0 || get_local_id(0) < s ==> Perm(&buf[get_local_id(0)], write) ** 0 <= buf[get_local_id(0)] && buf[get_local_id(0)] <= 2000 * span;
      ensures get_local_id(0) == 0 || get_local_id(0) < s / 2 ==> Perm(&buf[get_local_id(0)], write) ** 0 <= buf[get_local_id(0)] && buf[get_local_id(0)] <= 2000 * span;
      ensures get_local_id(0) < s / 2 ==> Perm(&buf[get_local_id(0) + s / 2], write) ** 0 <= buf[get_local_id(0) + s / 2] && buf[get_local_id(0) + s / 2] <= 2000 * span;
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    span *= 2;
  }
  if (lid == 0)
    out[get_group_id(0)] = buf[0];
}
