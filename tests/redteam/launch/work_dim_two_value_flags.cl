//: expect fail perm.write 13
//: may also fail bounds 13
//: flags --local_size=4,1 --num_groups=2,1 (GPUVerify's reading: a 2-D launch)
// Flags that name two dimensions describe a 2-D launch, even of size 1 in the
// second: get_work_dim() is 2 there, and the write of the else branch is reached.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0);
  if (get_work_dim() == 1) out[i] = 1;
  else out[i + 1] = 1;
}
