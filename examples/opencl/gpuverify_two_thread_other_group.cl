//: expect fail assert 12
// Local ids are distinct within one group only: a thread of another group has the same
// local id as this one (GPUVerify's second thread may be in any group; guard the claim with
// the group ids, as gpuverify_two_thread.cl does).
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void strides(__global int *out, int n) {
  __requires(0 < n && n <= 1024);
  __assert(__distinct_int(get_global_id(0)));
  __assert(__distinct_int(get_local_id(0)));
  out[get_global_id(0)] = n;
}
