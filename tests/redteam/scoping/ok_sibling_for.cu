//: expect verified
// CONTROL: two sibling `for (int i ...)` loops each with their own i; correct, must verify.
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures out[blockIdx.x * blockDim.x + threadIdx.x] == 3;
@*/
__global__ void k(int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = 0;
  /*@
    loop_invariant 0 <= i && i <= 2;
    loop_invariant Perm(&out[g], write) ** out[g] == i;
  @*/
  for (int i = 0; i < 2; i++) {
    out[g] = out[g] + 1;
  }
  /*@
    loop_invariant 0 <= i && i <= 1;
    loop_invariant Perm(&out[g], write) ** out[g] == 2 + i;
  @*/
  for (int i = 0; i < 1; i++) {
    out[g] = out[g] + 1;
  }
}
