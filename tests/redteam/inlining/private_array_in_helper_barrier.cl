//: expect invalid unsupported 16
// Cause 55 with a private array: the postcondition out[lid] == 42 is false (t[0]
// still holds the work item's id), yet the helper's barrier promised x[0] == 42 from
// all work items' claims on one shared symbol.
void h(int *x) {
  /*@ requires Perm(&x[0], write);
      ensures Perm(&x[0], write) ** x[0] == 42; @*/
  barrier(CLK_LOCAL_MEM_FENCE);
}
/*@ context get_local_size(0) == 4 && get_num_groups(0) == 1;
    context out != NULL && \pointer_length(out) == 4 && Perm(&out[get_local_id(0)], write);
    ensures out[get_local_id(0)] == 42; @*/
__kernel void k(__global int *out) {
  int t[2];
  t[0] = get_local_id(0);
  h(t);
  out[get_local_id(0)] = t[0];
}
