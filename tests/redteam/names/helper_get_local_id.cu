//: expect fail bounds 16
//: expect fail perm.write 16
// WRONG: in CUDA, get_local_id is just a user helper (here returning 0), not OpenCL's
// builtin; every thread writes out[0]. Correct verdict: perm.write (and bounds: the helper
// has no contract, so modularly its result is unknown).
__device__ int get_local_id(int d) {
  return 0;
}
/*@
  context gridDim.x == 1;
  context out != NULL && \pointer_length(out) == blockDim.x;
  context Perm(&out[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int j = get_local_id(0);
  out[j] = 1; // <-A
}
