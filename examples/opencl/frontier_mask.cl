//: expect verified
// One step of a breadth-first search over bool masks (Rodinia's BFS keeps its
// frontier this way): work item g takes its node out of the frontier and marks it
// for the next one when it has not been visited. A bool cell holds 0 or 1, and a
// read of it is a truth value, in code and in annotations alike.
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
    frontier[g] = false;
    next[g] = in && !visited[g];
  }
}
