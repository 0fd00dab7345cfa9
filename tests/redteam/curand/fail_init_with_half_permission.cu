//: expect fail perm.write 12
// Failing sibling of ok_state_per_thread.cu: curand_init writes the whole state, so
// half a permission (shared with another reader) is not enough.
#include <curand_kernel.h>
/*@
  context state != NULL;
  context \pointer_length(state) == gridDim.x * blockDim.x;
  context Perm(&state[blockIdx.x * blockDim.x + threadIdx.x], 1\2);
@*/
__global__ void seed(curandState *state) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, id, 0, &state[id]);
}
