//: expect fail perm.write 10
// (expectation revised: the builtin is now modelled or rejected by the builtin table)
// WRONG: off by one on get_global_linear_id() (== get_global_id(0) in 1-D without offset).
// Correct verdict: perm.write (+ bounds) if modelled, else `unsupported`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0) + 1;
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  out[get_global_linear_id() + 1] = 1; // <-A
}
