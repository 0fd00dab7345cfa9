//: expect verified
// memcpy of a constant whole number of elements is the element copies it amounts
// to: each thread copies its own two cells of `in` to `out`, which the contract
// hands it, and the values arrive.
/*@
  context blockDim.x == 32 && gridDim.x == 1;
  context in != NULL && \pointer_length(in) == 64;
  context out != NULL && \pointer_length(out) == 64 && out != in;
  context Perm(&in[2 * threadIdx.x], 1\2) ** Perm(&in[2 * threadIdx.x + 1], 1\2);
  context Perm(&out[2 * threadIdx.x], write) ** Perm(&out[2 * threadIdx.x + 1], write);
  ensures out[2 * threadIdx.x] == in[2 * threadIdx.x];
  ensures out[2 * threadIdx.x + 1] == in[2 * threadIdx.x + 1];
@*/
__global__ void pairs(int *in, int *out) {
  memcpy(&out[2 * threadIdx.x], &in[2 * threadIdx.x], 2 * sizeof(int));
}
