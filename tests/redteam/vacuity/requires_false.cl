//: expect fail vacuous 6
// WRONG: a kernel with `requires false`: every work item writes out[0] and nothing is
// reported. Expected: vacuous on the clause.
/*@
  context out != NULL && \pointer_length(out) > 0;
  requires false; // <-A
@*/
__kernel void k(__global int *out) {
  out[0] = 1;
}
