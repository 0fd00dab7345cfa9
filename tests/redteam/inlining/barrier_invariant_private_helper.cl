//: expect invalid unsupported 14
// Cause 55 through GPUVerify's barrier invariant: its instance speaks of x[0], the
// caller's private v, which no other work item can give.
void h(int *x) {
  __barrier_invariant_1(x[0] == get_local_id(0), (get_local_id(0) + 1) % 4);
  /*@ requires Perm(&x[0], write); ensures Perm(&x[0], write); @*/
  barrier(CLK_LOCAL_MEM_FENCE);
}
/*@ context get_local_size(0) == 4 && get_num_groups(0) == 1;
    context out != NULL && \pointer_length(out) == 4 && Perm(&out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == (get_local_id(0) + 1) % 4; @*/
__kernel void k(__global int *out) {
  int v = get_local_id(0);
  h(&v);
  out[get_local_id(0)] = v;
}
