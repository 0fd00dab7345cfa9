//: expect fail vacuous 4
// WRONG: get_local_size(0) >= 1 always; requiring 0 is unsatisfiable.
/*@
  requires get_local_size(0) == 0; // <-A
  context out != NULL && \pointer_length(out) > 0;
@*/
__kernel void k(__global int *out) {
  out[0] = 1;
}
