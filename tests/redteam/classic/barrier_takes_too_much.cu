//: expect fail barrier.redistribute 16
// WRONG: every thread asks the barrier for write permission on its neighbour's cell while
// keeping (handing in) only its own: each cell would be written by two threads.
/*@
  context blockDim.x == 64;
  context out != NULL && \pointer_length(out) == 64 * gridDim.x;
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  /*@
    context blockDim.x == 64;
    requires Perm(&s[threadIdx.x], write);
    ensures Perm(&s[threadIdx.x], write) ** Perm(&s[(threadIdx.x + 1) % 64], write); // <-A
  @*/
  __syncthreads();
}
