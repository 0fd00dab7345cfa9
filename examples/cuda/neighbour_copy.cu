//: expect verified
// out[t - 1] = in[t] for every thread t >= 1 of one block. The guard relies on C's
// unsigned wrap-around: for thread 0, t - 1 is 4294967295, which is not below blockDim.x.
/*@
  context gridDim.x == 1;
  context in != NULL && out != NULL && \pointer_length(in) == blockDim.x && \pointer_length(out) == blockDim.x;
  context Perm(&in[threadIdx.x], 1\2);
  context threadIdx.x >= 1 ==> Perm(&out[threadIdx.x - 1], write);
  ensures threadIdx.x >= 1 ==> out[threadIdx.x - 1] == in[threadIdx.x];
@*/
__global__ void neighbour_copy(int *in, int *out) {
  unsigned t = threadIdx.x;
  if (t - 1 < blockDim.x) {
    out[t - 1] = in[t];
  }
}
