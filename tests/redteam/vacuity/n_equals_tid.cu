//: expect fail vacuous 6
// WRONG: CUDA twin of n_equals_gid.cl: n == threadIdx.x cannot hold in two threads.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x;
  requires gridDim.x == 1;
  requires n == threadIdx.x; // <-A
  context Perm(&out[threadIdx.x], write);
@*/
__global__ void k(int *out, int n) {
  out[n] = 1;
}
