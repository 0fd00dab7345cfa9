//: expect fail pre 22
// Failing sibling of pointer_helper.cu, one deliberate bug: every thread passes y, the
// first cell (offset 0), so all threads write y[0] (a race): no permission to it.
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
    add_to(y, x[i]);
  }
}
