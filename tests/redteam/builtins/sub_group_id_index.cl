//: expect invalid unsupported 10
// (expectation revised: the builtin is now modelled or rejected by the builtin table)
// WRONG: all items of a sub-group write out[get_sub_group_id()]: a race.
// Correct verdict: perm.write if modelled, else `unsupported`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  out[get_sub_group_id()] = 1; // <-A
}
