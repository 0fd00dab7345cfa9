//: expect fail perm.write 10
// WRONG: every work item clears the whole 4-cell tile with no share of it: the
// items race on it.
/*@
  requires get_local_size(0) == 4;
  requires Perm(&tile[get_local_id(0)], write);
@*/
__kernel void k(__global int *out) {
  __local int tile[4];
  __builtin_memset(tile, 0, 4 * sizeof(int));
}
