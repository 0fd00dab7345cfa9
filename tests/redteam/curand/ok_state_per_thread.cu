//: expect verified
// cuRAND's usual pattern: each thread copies its own generator state into a local
// variable, draws from it, and stores the state back. A generator step reads and
// writes its state (docs/language.md §11.3), so each thread needs write permission
// to its own state only.
#include <curand_kernel.h>
/*@
  context state != NULL && out != NULL;
  context \pointer_length(state) == gridDim.x * blockDim.x;
  context \pointer_length(out) == gridDim.x * blockDim.x;
  context Perm(&state[blockIdx.x * blockDim.x + threadIdx.x], write);
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void draw(curandState *state, float *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = state[id];
  float x = curand_uniform(&local);
  state[id] = local;
  out[id] = x;
}
