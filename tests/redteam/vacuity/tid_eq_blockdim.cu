//: expect fail vacuous 5
// WRONG: threadIdx.x < blockDim.x always, so threadIdx.x == blockDim.x is unsatisfiable.
/*@
  context out != NULL && \pointer_length(out) > 0;
  requires threadIdx.x == blockDim.x; // <-A
@*/
__global__ void k(int *out) {
  out[0] = 1;
}
