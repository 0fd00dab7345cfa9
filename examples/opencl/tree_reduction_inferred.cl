//: expect verified
// tree_reduction_pow2.cl without its invariant about the stride s: kprove infers it.
// s is a counter (set by the for loop, halved by s >>= 1), so kprove guesses s >= 0,
// s <= get_local_size(0) / 2 and (s & (s - 1)) == 0 (a power of two stays one when
// halved) and keeps what it proves (docs/language.md §4, inferred invariants). The
// local size is a power of two (get_local_size(0) == 1 << k), so all three hold; the
// invariants left are about the data and the permissions, which kprove does not guess.
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
      buf[lid] += buf[lid + s];
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
