//: expect fail assert 15
// Failing sibling of ok_state_per_thread.cu: kprove knows nothing of a draw's value,
// so two draws from one state need not be equal (nor differ).
#include <curand_kernel.h>
/*@
  context state != NULL;
  context \pointer_length(state) == gridDim.x * blockDim.x;
  context Perm(&state[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void draw_twice(curandState *state) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curandState local = state[id];
  unsigned a = curand(&local);
  unsigned b = curand(&local);
  //@ assert a == b;
  state[id] = local;
}
