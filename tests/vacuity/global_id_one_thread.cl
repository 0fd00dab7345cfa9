//: expect verified
// The same precondition, with a launch of one thread stated: intended, not vacuous.
/*@
  context a != NULL && \pointer_length(a) == 1;
  context Perm(&a[0], write);
  requires get_local_size(0) == 1 && get_num_groups(0) == 1 && n == get_global_id(0);
  ensures a[0] == n;
@*/
__kernel void k(__global int *a, int n) {
  a[0] = n;
}
