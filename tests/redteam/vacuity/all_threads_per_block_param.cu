//: expect fail vacuous 7
// WRONG: x is the same in every block, but block b needs x == b: no launch of
// two blocks meets the precondition, and the inter-block race on out[threadIdx.x]
// verified. Expected: vacuous (all threads).
/*@
  requires gridDim.x == 2 && blockDim.x == 2;
  requires x == blockIdx.x && out != NULL && \pointer_length(out) == 2;
  requires Perm(&out[threadIdx.x], write);
@*/
__global__ void kern(int *out, int x) {
  out[threadIdx.x] = x;
}
