//: expect fail resources 5
// WRONG: every block claims d[threadIdx.x]: two blocks claim one cell.
/*@
  context d != NULL && \pointer_length(d) == blockDim.x;
  context Perm(&d[threadIdx.x], write); // <-A
@*/
__global__ void k(int *d) {
  d[threadIdx.x] = blockIdx.x;
}
