//: expect fail perm.write 14
// WRONG: three ints instead of two: each thread also writes the first cell of its
// right neighbour's pair (a race), which its contract does not hand it.
/*@
  context blockDim.x == 32 && gridDim.x == 1;
  context in != NULL && \pointer_length(in) == 66;
  context out != NULL && \pointer_length(out) == 66 && out != in;
  context Perm(&in[2 * threadIdx.x], 1\2) ** Perm(&in[2 * threadIdx.x + 1], 1\2);
  context Perm(&in[2 * threadIdx.x + 2], 1\4);
  context Perm(&out[2 * threadIdx.x], write) ** Perm(&out[2 * threadIdx.x + 1], write);
@*/
__global__ void pairs(int *in, int *out) {
  size_t len = 3 * sizeof(int);
  memcpy(&out[2 * threadIdx.x], &in[2 * threadIdx.x], len);
}
