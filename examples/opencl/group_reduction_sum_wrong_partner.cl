//: expect fail barrier.pre 42
// Failing sibling of group_reduction_sum.cl, one deliberate bug: in the first round
//   a work item adds its own cell twice instead of its right neighbour's, so the
//   pair sum the second barrier asks for does not hold (barrier.pre).
// A work-group tree reduction with a functional postcondition: each group of four
// work items sums its four inputs in __local memory in two rounds, and work item 0
// writes out[group], which the contract states as a \sum of the group's inputs.
/*@
  context get_local_size(0) == 4;
  context in != NULL && out != NULL;
  context \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_num_groups(0);
  context (\forall* int k; 0 <= k && k < 4; Perm(&in[get_group_id(0) * 4 + k], 1\8));
  context get_local_id(0) == 0 ==> Perm(&out[get_group_id(0)], write);
  requires -100000000 <= in[get_group_id(0) * 4 + get_local_id(0)] && in[get_group_id(0) * 4 + get_local_id(0)] <= 100000000;
  requires Perm(&buf[get_local_id(0)], write);
  ensures get_local_id(0) == 0 ==> out[get_group_id(0)] == (\sum int k; 0 <= k && k < 4; in[get_group_id(0) * 4 + k]);
@*/
__kernel void group_sum(__global int *in, __global int *out) {
  __local int buf[4];
  int lid = get_local_id(0);
  int base = get_group_id(0) * 4;
  buf[lid] = in[base + lid];
  /*@
    context get_local_size(0) == 4;
    context (\forall* int k; 0 <= k && k < 4; Perm(&in[get_group_id(0) * 4 + k], 1\8));
    requires Perm(&buf[get_local_id(0)], write);
    requires buf[get_local_id(0)] == in[get_group_id(0) * 4 + get_local_id(0)];
    requires -100000000 <= buf[get_local_id(0)] && buf[get_local_id(0)] <= 100000000;
    ensures get_local_id(0) % 2 == 0 ==> Perm(&buf[get_local_id(0)], write) ** Perm(&buf[get_local_id(0) + 1], write);
    ensures get_local_id(0) % 2 == 0 ==> buf[get_local_id(0)] == (\sum int k; get_local_id(0) <= k && k < get_local_id(0) + 1; in[get_group_id(0) * 4 + k]);
    ensures get_local_id(0) % 2 == 0 ==> buf[get_local_id(0) + 1] == (\sum int k; get_local_id(0) + 1 <= k && k < get_local_id(0) + 2; in[get_group_id(0) * 4 + k]);
    ensures get_local_id(0) % 2 == 0 ==> -100000000 <= buf[get_local_id(0)] && buf[get_local_id(0)] <= 100000000 && -100000000 <= buf[get_local_id(0) + 1] && buf[get_local_id(0) + 1] <= 100000000;
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid % 2 == 0) {
    buf[lid] = buf[lid] + buf[lid];
  }
  /*@
    context get_local_size(0) == 4;
    context (\forall* int k; 0 <= k && k < 4; Perm(&in[get_group_id(0) * 4 + k], 1\8));
    requires get_local_id(0) % 2 == 0 ==> Perm(&buf[get_local_id(0)], write) ** Perm(&buf[get_local_id(0) + 1], write);
    requires get_local_id(0) % 2 == 0 ==> buf[get_local_id(0)] == (\sum int k; get_local_id(0) <= k && k < get_local_id(0) + 2; in[get_group_id(0) * 4 + k]);
    requires get_local_id(0) % 2 == 0 ==> -200000000 <= buf[get_local_id(0)] && buf[get_local_id(0)] <= 200000000;
    ensures get_local_id(0) == 0 ==> (\forall* int k; 0 <= k && k < 4; Perm(&buf[k], write));
    ensures get_local_id(0) == 0 ==> buf[0] == (\sum int k; 0 <= k && k < 2; in[get_group_id(0) * 4 + k]);
    ensures get_local_id(0) == 0 ==> buf[2] == (\sum int k; 2 <= k && k < 4; in[get_group_id(0) * 4 + k]);
    ensures get_local_id(0) == 0 ==> -200000000 <= buf[0] && buf[0] <= 200000000 && -200000000 <= buf[2] && buf[2] <= 200000000;
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    out[get_group_id(0)] = buf[0] + buf[2];
  }
}
