//: expect fail assert 11
// WRONG: source and destination overlap (out[2t+1] is both), which is undefined
// behaviour for memcpy (C11 7.24.2.1) whatever the permissions say.
/*@
  context blockDim.x == 32 && gridDim.x == 1;
  context out != NULL && \pointer_length(out) == 96;
  context Perm(&out[3 * threadIdx.x], write) ** Perm(&out[3 * threadIdx.x + 1], write);
  context Perm(&out[3 * threadIdx.x + 2], write);
@*/
__global__ void k(int *out) {
  memcpy(&out[3 * threadIdx.x + 1], &out[3 * threadIdx.x], 2 * sizeof(int));
}
