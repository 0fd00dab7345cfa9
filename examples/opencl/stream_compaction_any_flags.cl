//: expect fail injectivity 21  //: flags --int-math (the sums are mathematical; the example is about their order)
//: expect fail bounds 21
//: expect fail bounds 22
// Failing sibling of stream_compaction.cl: the flags are only bounded by 1, not 0 or 1, so a
// negative flag makes the scan go down and two flagged items may get the same position.
// Stream compaction's scatter: one work group of 8, pos the exclusive scan of the 0/1
// flags (what kogge_stone_scan.cl computes, shifted by one). Each flagged work item
// writes its input to out[pos[lid]]. Race freedom is the scan's functional property:
// for flagged items i < j, pos[j] - pos[i] is the sum of flag[i .. j-1] >= flag[i] = 1,
// so the items' write permissions in the precondition are to distinct cells.
/*@
  context get_local_size(0) == 8 && get_num_groups(0) == 1;
  context in != NULL && flag != NULL && pos != NULL && out != NULL;
  context \pointer_length(in) == 8 && \pointer_length(flag) == 8 && \pointer_length(pos) == 8;
  context (\forall* int k; 0 <= k && k < 8; Perm(&flag[k], 1\8));
  context (\forall* int k; 0 <= k && k < 8; Perm(&pos[k], 1\8));
  context \pointer_length(out) == (\sum int j; 0 <= j && j < 8; flag[j]);
  context Perm(&in[get_local_id(0)], 1\2);
  context (\forall int k; 0 <= k && k < 8; flag[k] <= 1);
  context (\forall int k; 0 <= k && k < 8; pos[k] == (\sum int j; 0 <= j && j < k; flag[j]));
  requires flag[get_local_id(0)] == 1 ==> Perm(&out[pos[get_local_id(0)]], write);
  ensures flag[get_local_id(0)] == 1 ==> Perm(&out[pos[get_local_id(0)]], write);
  ensures flag[get_local_id(0)] == 1 ==> out[pos[get_local_id(0)]] == in[get_local_id(0)];
@*/
__kernel void compact(__global int *in, __global int *flag, __global int *pos, __global int *out) {
  int lid = get_local_id(0);
  if (flag[lid] == 1) {
    out[pos[lid]] = in[lid];
  }
}
