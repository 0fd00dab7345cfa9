//: expect fail vacuous 6
// A local size of 0 contradicts the launch facts (every size is at least 1).
// The shortest unsatisfiable prefix of the clauses ends at the blamed one.
/*@
  context a != NULL && \pointer_length(a) == 1;
  requires get_local_size(0) == 0;
  requires get_num_groups(0) == 1;
@*/
__kernel void racy(__global int *a) {
  a[0] = get_global_id(0);
}
