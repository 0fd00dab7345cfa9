//: expect verified
// Each block reverses its 64-element segment of d in place through a __shared__ array.
// Race freedom only: each thread owns its cell of d, and __syncthreads hands it s[63-t].
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
  /*@
    context blockDim.x == 64;
    requires Perm(&s[threadIdx.x], write);
    ensures Perm(&s[63 - threadIdx.x], 1\2);
  @*/
  __syncthreads();
  d[i] = s[63 - t];
}
