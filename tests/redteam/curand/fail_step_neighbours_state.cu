//: expect fail perm.read 17
// Failing sibling of ok_state_per_thread.cu: each thread steps its neighbour's
// generator state, whose permission belongs to the neighbour. A step writes the
// state (it reads it first: the first missing permission is the read), so this is a
// race between neighbours.
#include <curand_kernel.h>
/*@
  context state != NULL && out != NULL;
  context \pointer_length(state) == gridDim.x * blockDim.x;
  context \pointer_length(out) == gridDim.x * blockDim.x;
  context Perm(&state[blockIdx.x * blockDim.x + threadIdx.x], write);
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void draw(curandState *state, unsigned *out) {
  int n = gridDim.x * blockDim.x;
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  out[id] = curand(&state[(id + 1) % n]);
}
