//: expect fail perm.write 15
// WRONG: a user helper named get_global_id returning d (0): every thread writes out[0].
/*@
  ensures \result == d;
@*/
__device__ int get_global_id(int d) {
  return d;
}
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int j = get_global_id(0);
  out[j] = 1; // <-A
}
