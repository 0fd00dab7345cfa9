//: expect verified
// Chapter 8, mistake 2 fixed: a barrier between the write and the read hands
// s[63 - t] to thread t.
/*@
  context blockDim.x == 64;
  context d != NULL && \pointer_length(d) == 64 * gridDim.x;
  context Perm(&d[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void reverse(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = d[blockIdx.x * 64 + t];
  /*@
    context blockDim.x == 64;
    requires Perm(&s[threadIdx.x], write);
    ensures Perm(&s[63 - threadIdx.x], 1\2);
  @*/
  __syncthreads();
  d[blockIdx.x * 64 + t] = s[63 - t];
}
