//: expect fail bounds 12
// WRONG: the buffers hold 63 cells, so the last thread's pair runs past their end.
/*@
  context blockDim.x == 32 && gridDim.x == 1;
  context in != NULL && \pointer_length(in) == 63;
  context out != NULL && \pointer_length(out) == 63 && out != in;
  context 2 * threadIdx.x + 1 < 63 ==> Perm(&in[2 * threadIdx.x + 1], 1\2);
  context 2 * threadIdx.x + 1 < 63 ==> Perm(&out[2 * threadIdx.x + 1], write);
  context Perm(&in[2 * threadIdx.x], 1\2) ** Perm(&out[2 * threadIdx.x], write);
@*/
__global__ void pairs(int *in, int *out) {
  __builtin_memcpy(out + 2 * threadIdx.x, in + 2 * threadIdx.x, 8);
}
