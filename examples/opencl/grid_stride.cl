//: expect verified
// Grid-stride loop: work item g handles a[g], a[g + G], a[g + 2G], ... for the global
// size G, all symbolic. Its footprint is the cells i with i % G == g; kprove solves
// that guard for the thread ids (g = i % G is one (group, local id) pair), so the
// threads' footprints are disjoint, and relates two iterations of one thread through
// their common remainder. The bound on n keeps i += G from overflowing int.
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
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    a[i] = i;
  }
}
