//: expect fail null 9
// WRONG: the destination is a null pointer (undefined behaviour for any length).
/*@
  context gridDim.x == 1;
  context in != NULL && \pointer_length(in) == blockDim.x;
  context Perm(&in[threadIdx.x], 1\2);
@*/
__global__ void k(int *in) {
  __builtin_memcpy(0, &in[threadIdx.x], sizeof(int));
}
