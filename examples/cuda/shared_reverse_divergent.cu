//: expect fail barrier.divergence 23
//: expect fail perm.read 25
// Failing sibling of shared_reverse.cu, one deliberate bug: __syncthreads is under the
//   thread-dependent condition threadIdx.x < 32 (barrier.divergence); the threads that skip
//   it then read s[63-t] without permission (perm.read).
/*@
  context blockDim.x == 64;
  context d != NULL && \pointer_length(d) == 64 * gridDim.x;
  context Perm(&d[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void shared_reverse(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  s[t] = d[i];
  if (threadIdx.x < 32) {
    /*@
      context blockDim.x == 64;
      requires Perm(&s[threadIdx.x], write);
      ensures Perm(&s[63 - threadIdx.x], 1\2);
    @*/
    __syncthreads();
  }
  d[i] = s[63 - t];
}
