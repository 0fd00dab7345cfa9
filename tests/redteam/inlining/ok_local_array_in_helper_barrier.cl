//: expect verified
// Control for cause 55: a helper's barrier contract may name a __local array the
// kernel passes (memory the work group shares): each work item hands its cell of
// tile to its neighbour.
void exchange(__local int *x) {
  /*@ requires Perm(&x[get_local_id(0)], write);
      ensures Perm(&x[(get_local_id(0) + 1) % 4], write); @*/
  barrier(CLK_LOCAL_MEM_FENCE);
}
/*@ context get_local_size(0) == 4;
    requires Perm(&tile[get_local_id(0)], write); @*/
__kernel void k(__global int *out) {
  __local int tile[4];
  tile[get_local_id(0)] = 1;
  exchange(tile);
  tile[(get_local_id(0) + 1) % 4] = 2;
}
