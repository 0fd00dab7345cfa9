//: expect fail perm.write 12
// WRONG: cell returns row + i, and every work-item asks for its right neighbour's
// cell, whose permission the neighbour holds: neighbours race on it.
// Correct verdict: perm.write on the store through the returned pointer.
__global int *cell(__global int *row, int i) { return row + i; }
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0) + 1;
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  __global int *p = cell(a, get_global_id(0) + 1);
  *p = 5; // <-A
}
