//: expect fail perm.write 14
//: may also fail bounds 14
// The contract pins dimension 1 to one work item in one group, but a host may
// still launch the kernel with work_dim 2 and sizes {N, 1}: get_work_dim() is then
// 2. kprove took it to be 1 (the 1-D assumption is only for kernels that never name
// dimension 1 or 2), so the out-of-bounds write below was unreachable.
/*@
  context get_local_size(1) == 1 && get_num_groups(1) == 1;
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0) + get_global_id(1)], write);
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0) + get_global_id(1);
  if (get_work_dim() == 1) out[i] = 1; else out[i + 1] = 1;
}
