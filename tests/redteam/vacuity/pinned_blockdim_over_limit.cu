//: expect fail vacuous 7
// WRONG: no CUDA launch has blockDim.x == 2048 (at most 1024 threads per block,
// a limit kprove itself models: `blockDim.x > 1024`, `blockDim.x == 32 * 64` and
// the flag --blockDim=2048 are rejected), so the precondition is unsatisfiable
// for every launch and "verified" is vacuous. The pinned form alone escapes.
/*@
  requires blockDim.x == 2048 && gridDim.x == 1;
  context out != NULL && \pointer_length(out) == 2048;
  context Perm(&out[threadIdx.x], write);
  ensures out[threadIdx.x] == 1;
@*/
__global__ void kern(int *out) {
  out[threadIdx.x] = 1;
}
