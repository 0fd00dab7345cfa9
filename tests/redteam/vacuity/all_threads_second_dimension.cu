//: expect fail vacuous 7
// WRONG: x is one value for the block, but threads in row y need x == y % 2:
// rows 0 and 1 contradict, and both rows write out[threadIdx.x] (a race). The
// second dimension of cause 16. Expected: vacuous (all threads).
/*@
  requires blockDim.x == 2 && blockDim.y == 2 && gridDim.x == 1 && gridDim.y == 1;
  requires x == threadIdx.y % 2 && out != NULL && \pointer_length(out) == 2; // <-A
  requires Perm(&out[threadIdx.x], write);
@*/
__global__ void kern(int *out, int x) {
  out[threadIdx.x] = x;
}
