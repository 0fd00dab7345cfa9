//: expect fail barrier.divergence 20
// Chapter 8, mistake 3: barrier divergence. Only the first 32 threads of a block
// take part in the exchange, and only they reach the barrier.
/*@
  context blockDim.x == 64;
  context d != NULL && \pointer_length(d) == 64 * gridDim.x;
  context Perm(&d[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void reverse_half(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  if (t < 32) {
    s[t] = d[blockIdx.x * 64 + t];
    /*@
      context blockDim.x == 64;
      requires threadIdx.x < 32 ==> Perm(&s[threadIdx.x], write);
      ensures threadIdx.x < 32 ==> Perm(&s[31 - threadIdx.x], 1\2);
    @*/
    __syncthreads();
    d[blockIdx.x * 64 + t] = s[31 - t];
  }
}
