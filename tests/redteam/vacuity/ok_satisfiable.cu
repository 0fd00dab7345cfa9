//: expect verified
// CONTROL (near-miss of blockdim_two_values.cu): a satisfiable size pin; must verify.
/*@
  requires blockDim.x == 64 && gridDim.x == 1;
  context out != NULL && \pointer_length(out) == 64;
  context Perm(&out[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  out[threadIdx.x] = 1;
}
