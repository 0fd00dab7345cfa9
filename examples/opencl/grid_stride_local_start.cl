//: expect fail loop.entry 11
// Failing sibling of grid_stride.cl: the loop starts at the local id, so the work items
// of every group but the first start outside their residue class.
/*@
  context a != NULL && \pointer_length(a) == n && n <= 2147483647 - get_global_size(0);
  context (\forall* int i; 0 <= i && i < n && i % get_global_size(0) == get_global_id(0); Perm(&a[i], write));
  ensures (\forall int i; 0 <= i && i < n && i % get_global_size(0) == get_global_id(0); a[i] == i);
@*/
__kernel void iota(__global int *a, int n) {
  /*@
    loop_invariant 0 <= i && i % get_global_size(0) == get_global_id(0);
    loop_invariant (\forall* int j; 0 <= j && j < n && j % get_global_size(0) == get_global_id(0); Perm(&a[j], write));
    loop_invariant (\forall int j; 0 <= j && j < n && j < i && j % get_global_size(0) == get_global_id(0); a[j] == j);
  @*/
  for (int i = get_local_id(0); i < n; i += get_global_size(0)) {
    a[i] = i;
  }
}
