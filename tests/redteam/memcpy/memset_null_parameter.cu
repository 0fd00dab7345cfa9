//: expect fail null 9
// WRONG: nothing says `out` is not null; memset writes through it.
/*@
  context gridDim.x == 1;
  context out != NULL ==> \pointer_length(out) == blockDim.x;
  context out != NULL ==> Perm(&out[threadIdx.x], write);
@*/
__global__ void k(unsigned *out) {
  memset(&out[threadIdx.x], 0, sizeof(unsigned));
}
