//: expect fail barrier.divergence 11
// A helper's result that depends on the thread's ids differs between work items: a
// barrier under a condition on it diverges, although the helper is verified on its
// own and the kernel never names an id.
/*@ ensures \result == get_local_id(0); @*/
int my_lid(void) { return get_local_id(0); }

/*@ context get_local_size(0) >= 2; @*/
__kernel void k(__global int *out) {
  if (my_lid() == 0)
    barrier(CLK_LOCAL_MEM_FENCE);
}
