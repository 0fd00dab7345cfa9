//: expect fail perm.write 20
// Failing sibling of frontier_mask.cl: the visited mask is read-only (1\2), and the
// kernel writes it.
/*@
  context n >= 0 && frontier != NULL && next != NULL && visited != NULL;
  context \pointer_length(frontier) == n && \pointer_length(next) == n && \pointer_length(visited) == n;
  context get_global_id(0) < n ==> Perm(&frontier[get_global_id(0)], write) ** Perm(&next[get_global_id(0)], write);
  context get_global_id(0) < n ==> Perm(&visited[get_global_id(0)], 1\2);
  ensures get_global_id(0) < n ==> !frontier[get_global_id(0)];
  ensures get_global_id(0) < n ==>
    next[get_global_id(0)] == (\old(frontier[get_global_id(0)]) && !visited[get_global_id(0)]);
@*/
__kernel void advance(__global bool *frontier, __global bool *next, __global bool *visited,
                      int n) {
  size_t g = get_global_id(0);
  if (g < n) {
    bool in = frontier[g];
    frontier[g] = false;
    next[g] = in && !visited[g];
    visited[g] = true;
  }
}
