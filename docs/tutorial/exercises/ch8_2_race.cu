//: expect fail perm.read 14
// Chapter 8, mistake 2: a data race. Every block reverses its 64 elements through
// shared memory; thread t reads what thread 63 - t wrote.
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
  d[blockIdx.x * 64 + t] = s[63 - t];
}
