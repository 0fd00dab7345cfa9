//: expect fail vacuous 5
// WRONG: blockDim.x cannot be both 64 and 32; the precondition is unsatisfiable and hides
// the race on out[0]. Expected: vacuous on the clause.
/*@
  requires blockDim.x == 64 && blockDim.x == 32; // <-A
  context out != NULL && \pointer_length(out) > 0;
@*/
__global__ void k(int *out) {
  out[0] = threadIdx.x;
}
