//: expect verified
// Chapter 8, mistake 3 fixed: every thread reaches the barrier; the condition
// guards only the work before and after it.
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
  }
  /*@
    context blockDim.x == 64;
    requires Perm(&s[threadIdx.x], write);
    ensures threadIdx.x < 32 ==> Perm(&s[31 - threadIdx.x], 1\2);
  @*/
  __syncthreads();
  if (t < 32) {
    d[blockIdx.x * 64 + t] = s[31 - t];
  }
}
