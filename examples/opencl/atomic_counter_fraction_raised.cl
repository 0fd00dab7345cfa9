//: expect fail resources 7
// Failing sibling of atomic_counter.cl, one deliberate bug: every work item claims all of
//   count[0] (write instead of 1\L): L full permissions over the group (resources).
/*@
  context get_num_groups(0) == 1;
  context count != NULL && total != NULL && \pointer_length(count) == 1 && \pointer_length(total) == 1;
  requires Perm(&count[0], write);
  context get_local_id(0) == 0 ==> Perm(&total[0], write);
  ensures get_local_id(0) == 0 ==> Perm(&count[0], write);
  ensures get_local_id(0) == 0 ==> total[0] == count[0];
@*/
__kernel void atomic_counter(__global int *count, __global int *total) {
  atomic_inc(&count[0]);
  /*@
    requires Perm(&count[0], 1\(get_local_size(0)));
    ensures get_local_id(0) == 0 ==> Perm(&count[0], write);
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    total[0] = count[0];
  }
}
