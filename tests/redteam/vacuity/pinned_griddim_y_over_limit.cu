//: expect fail vacuous 7
// WRONG: CUDA allows at most 65535 blocks in dimension y (gridDim.y <= 65535,
// a limit kprove models: the flag --gridDim=1,70000 is rejected), so no launch
// has gridDim.y == 70000: the precondition is unsatisfiable for every launch and
// "verified" is vacuous. Same for blockDim.z == 128 (limit 64).
/*@
  requires gridDim.y == 70000 && blockDim.z == 128;
  requires blockDim.x == 1 && blockDim.y == 1 && gridDim.x == 1 && gridDim.z == 1;
  context out != NULL && \pointer_length(out) == 128 * 70000;
  context Perm(&out[blockIdx.y * 128 + threadIdx.z], write);
  ensures out[blockIdx.y * 128 + threadIdx.z] == 1;
@*/
__global__ void kern(int *out) {
  out[blockIdx.y * 128 + threadIdx.z] = 1;
}
