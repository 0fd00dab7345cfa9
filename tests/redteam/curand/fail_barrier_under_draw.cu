//: expect fail barrier.divergence 16
// Failing sibling of ok_state_per_thread.cu: each thread draws its own value, so a
// barrier under a condition on it is reached by some threads of the block only.
#include <curand_kernel.h>
/*@
  context state != NULL;
  context \pointer_length(state) == gridDim.x * blockDim.x;
  context Perm(&state[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void draw_then_sync(curandState *state) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = state[id];
  float x = curand_normal(&local);
  state[id] = local;
  if (x > 0.5f)
    __syncthreads();
}
