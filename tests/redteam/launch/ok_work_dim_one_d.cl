//: expect verified
//: flags --local_size=4 --num_groups=2 (one value each: a 1-D launch)
// Control: a kernel that never names dimension 1 or 2, with one-value flags, runs in
// a 1-D launch (the note says so), where get_work_dim() is 1.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0);
  if (get_work_dim() == 1) out[i] = 1;
  else out[i + 1] = 1;
}
