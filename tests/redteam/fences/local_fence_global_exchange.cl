//: expect fail barrier.fence 17
// WRONG: the barrier fences local memory only but hands the neighbour's GLOBAL cell
// over. Correct verdict: barrier.fence.
/*@
  context get_local_size(0) == 64 && get_num_groups(0) == 1;
  context a != NULL && \pointer_length(a) == 64;
  context out != NULL && \pointer_length(out) == 64;
  context Perm(&out[get_local_id(0)], write);
  requires Perm(&a[get_local_id(0)], write);
@*/
__kernel void k(__global int *a, __global int *out) {
  int lid = get_local_id(0);
  a[lid] = lid;
  /*@
    context get_local_size(0) == 64;
    requires Perm(&a[get_local_id(0)], write);
    ensures Perm(&a[(get_local_id(0) + 1) % 64], 1\2); // <-A (reported on the clause that moves the permission)
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = a[(lid + 1) % 64];
}
