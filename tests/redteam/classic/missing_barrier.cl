//: expect fail perm.read 13
// WRONG: the neighbour's tile cell is read with no barrier in between. Correct: perm.read.
/*@
  context get_local_size(0) == 32;
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  requires Perm(&tile[get_local_id(0)], write);
@*/
__kernel void k(__global int *out) {
  __local int tile[32];
  int lid = get_local_id(0);
  tile[lid] = lid;
  out[get_global_id(0)] = tile[(lid + 1) % 32]; // <-A
}
