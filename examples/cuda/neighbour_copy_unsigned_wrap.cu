//: expect fail bounds 14
// The same copy guarded with `t - 1 >= 0`: for an unsigned t that is always true, so
// thread 0 writes out[4294967295] (with mathematical integers -1 >= 0 would be false).
/*@
  context gridDim.x == 1;
  context in != NULL && out != NULL && \pointer_length(in) == blockDim.x && \pointer_length(out) == blockDim.x;
  context Perm(&in[threadIdx.x], 1\2);
  context threadIdx.x >= 1 ==> Perm(&out[threadIdx.x - 1], write);
  ensures threadIdx.x >= 1 ==> out[threadIdx.x - 1] == in[threadIdx.x];
@*/
__global__ void neighbour_copy(int *in, int *out) {
  unsigned t = threadIdx.x;
  if (t - 1 >= 0) {
    out[t - 1] = in[t];
  }
}
