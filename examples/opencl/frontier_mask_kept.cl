//: expect fail post 8
// Failing sibling of frontier_mask.cl: the node stays in the frontier.
/*@
  context n >= 0 && frontier != NULL && next != NULL && visited != NULL;
  context \pointer_length(frontier) == n && \pointer_length(next) == n && \pointer_length(visited) == n;
  context get_global_id(0) < n ==> Perm(&frontier[get_global_id(0)], write) ** Perm(&next[get_global_id(0)], write);
  context get_global_id(0) < n ==> Perm(&visited[get_global_id(0)], 1\2);
  ensures get_global_id(0) < n ==> !frontier[get_global_id(0)];
  ensures get_global_id(0) < n ==>
    next[get_global_id(0)] == (\old(frontier[get_global_id(0)]) && !visited[get_global_id(0)]);
@*/
__kernel void advance(__global bool *frontier, __global bool *next, __global const bool *visited,
                      int n) {
  size_t g = get_global_id(0);
  if (g < n) {
    bool in = frontier[g];
    frontier[g] = in;
    next[g] = in && !visited[g];
  }
}
