//: expect fail perm.write 10
// (expectation revised: the builtin is now modelled or rejected by the builtin table)
// WRONG: get_enqueued_local_size(0) is uniform, so every item writes out[size - 1].
// Correct verdict: perm.write if modelled, else `unsupported`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  out[get_enqueued_local_size(0) - 1] = 1; // <-A
}
