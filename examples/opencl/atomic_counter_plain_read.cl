//: expect fail perm.read 17
//: expect fail post 12
// Failing sibling of atomic_counter.cl, one deliberate bug: work item 0 copies the counter
//   before the barrier, holding only its 1\L share: a plain read racing the atomics
//   (perm.read); the copy is stale after the barrier (post).
/*@
  context get_num_groups(0) == 1;
  context count != NULL && total != NULL && \pointer_length(count) == 1 && \pointer_length(total) == 1;
  requires Perm(&count[0], 1\(get_local_size(0)));
  context get_local_id(0) == 0 ==> Perm(&total[0], write);
  ensures get_local_id(0) == 0 ==> Perm(&count[0], write);
  ensures get_local_id(0) == 0 ==> total[0] == count[0];
@*/
__kernel void atomic_counter(__global int *count, __global int *total) {
  atomic_inc(&count[0]);
  if (get_local_id(0) == 0) {
    total[0] = count[0];
  }
  /*@
    requires Perm(&count[0], 1\(get_local_size(0)));
    ensures get_local_id(0) == 0 ==> Perm(&count[0], write);
  @*/
  barrier(CLK_GLOBAL_MEM_FENCE);
}
