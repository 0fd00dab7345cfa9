//: expect verified  //: flags --int-math (its inputs are unbounded ints: their sums may overflow; the claim is about mathematical sums)
// Kogge-Stone inclusive scan of one work group of 8 in __local memory: in round
// `off` (1, 2, 4) work item lid adds buf[lid - off] to buf[lid], so afterwards
// buf[lid] holds the sum of the last 2*off inputs up to lid. Barrier 1 lets each
// item read its partner's cell (half permissions: the owner keeps half), barrier 2
// gives the owner its whole cell back to add. out[lid] ends as in[0] + ... + in[lid].
/*@
  context get_local_size(0) == 8 && get_num_groups(0) == 1;
  context in != NULL && out != NULL && \pointer_length(in) == 8 && \pointer_length(out) == 8;
  context (\forall* int k; 0 <= k && k < 8; Perm(&in[k], 1\8));
  context Perm(&out[get_local_id(0)], write);
  requires Perm(&buf[get_local_id(0)], write);
  ensures out[get_local_id(0)] == (\sum int k; 0 <= k && k < get_local_id(0) + 1; in[k]);
@*/
__kernel void scan(__global int *in, __global int *out) {
  __local int buf[8];
  int lid = get_local_id(0);
  buf[lid] = in[lid];
  /*@
    loop_invariant off == 1 || off == 2 || off == 4 || off == 8;
    loop_invariant lid == get_local_id(0);
    loop_invariant (\forall* int k; 0 <= k && k < 8; Perm(&in[k], 1\8));
    loop_invariant Perm(&buf[lid], write);
    loop_invariant buf[lid] == (\sum int k; (lid + 1 - off > 0 ? lid + 1 - off : 0) <= k && k < lid + 1; in[k]);
  @*/
  for (int off = 1; off < 8; off *= 2) {
    /*@
      context get_local_size(0) == 8 && (off == 1 || off == 2 || off == 4);
      context (\forall* int k; 0 <= k && k < 8; Perm(&in[k], 1\8));
      requires Perm(&buf[get_local_id(0)], write);
      requires buf[get_local_id(0)] == (\sum int k; (get_local_id(0) + 1 - off > 0 ? get_local_id(0) + 1 - off : 0) <= k && k < get_local_id(0) + 1; in[k]);
      ensures get_local_id(0) + off < 8 ==> Perm(&buf[get_local_id(0)], 1\2);
      ensures get_local_id(0) + off >= 8 ==> Perm(&buf[get_local_id(0)], write);
      ensures buf[get_local_id(0)] == (\sum int k; (get_local_id(0) + 1 - off > 0 ? get_local_id(0) + 1 - off : 0) <= k && k < get_local_id(0) + 1; in[k]);
      ensures get_local_id(0) >= off ==> Perm(&buf[get_local_id(0) - off], 1\2);
      ensures get_local_id(0) >= off ==> buf[get_local_id(0) - off] == (\sum int k; (get_local_id(0) + 1 - 2 * off > 0 ? get_local_id(0) + 1 - 2 * off : 0) <= k && k < get_local_id(0) + 1 - off; in[k]);
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    int t = 0;
    if (lid >= off) {
      t = buf[lid - off];
    }
    /*@
      context get_local_size(0) == 8 && (off == 1 || off == 2 || off == 4);
      context (\forall* int k; 0 <= k && k < 8; Perm(&in[k], 1\8));
      requires get_local_id(0) + off < 8 ==> Perm(&buf[get_local_id(0)], 1\2);
      requires get_local_id(0) + off >= 8 ==> Perm(&buf[get_local_id(0)], write);
      requires get_local_id(0) >= off ==> t == (\sum int k; (get_local_id(0) + 1 - 2 * off > 0 ? get_local_id(0) + 1 - 2 * off : 0) <= k && k < get_local_id(0) + 1 - off; in[k]);
      requires get_local_id(0) < off ==> t == 0;
      requires buf[get_local_id(0)] == (\sum int k; (get_local_id(0) + 1 - off > 0 ? get_local_id(0) + 1 - off : 0) <= k && k < get_local_id(0) + 1; in[k]);
      requires get_local_id(0) >= off ==> Perm(&buf[get_local_id(0) - off], 1\2);
      ensures Perm(&buf[get_local_id(0)], write);
      ensures buf[get_local_id(0)] == (\sum int k; (get_local_id(0) + 1 - off > 0 ? get_local_id(0) + 1 - off : 0) <= k && k < get_local_id(0) + 1; in[k]);
      ensures get_local_id(0) >= off ==> t == (\sum int k; (get_local_id(0) + 1 - 2 * off > 0 ? get_local_id(0) + 1 - 2 * off : 0) <= k && k < get_local_id(0) + 1 - off; in[k]);
      ensures get_local_id(0) < off ==> t == 0;
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[lid] = buf[lid] + t;
  }
  out[lid] = buf[lid];
}
