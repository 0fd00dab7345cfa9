//: expect verified
// y[i] += x[i] through a __device__ helper taking a pointer: each thread passes &y[i],
// an offset into y, and the helper adds to *y (unsigned: wraps as in C).
/*@
  context y != NULL && \pointer_length(y) >= 1 && Perm(&y[0], write);
  ensures y[0] == \old(y[0]) + v;
@*/
__device__ void add_to(unsigned *y, unsigned v) {
  *y = *y + v;
}

/*@
  context x != NULL && y != NULL && \pointer_length(x) == n && \pointer_length(y) == n;
  context blockIdx.x * blockDim.x + threadIdx.x < n ==>
    Perm(&x[blockIdx.x * blockDim.x + threadIdx.x], 1\2) ** Perm(&y[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures blockIdx.x * blockDim.x + threadIdx.x < n ==> y[blockIdx.x * blockDim.x + threadIdx.x] ==
    \old(y[blockIdx.x * blockDim.x + threadIdx.x]) + x[blockIdx.x * blockDim.x + threadIdx.x];
@*/
__global__ void accumulate(const unsigned *x, unsigned *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    add_to(&y[i], x[i]);
  }
}
