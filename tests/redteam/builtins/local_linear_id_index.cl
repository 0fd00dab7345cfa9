//: expect fail perm.write 10
// (expectation revised: the builtin is now modelled or rejected by the builtin table)
// WRONG: get_local_linear_id() is the id within the group, so items of different groups
// write the same out cell. Correct verdict: perm.write if modelled, else `unsupported`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  out[get_local_linear_id()] = 1; // <-A
}
