//: expect verified
// Chapter 6: the same kernel in CUDA. The global index is spelled
// blockIdx.x * blockDim.x + threadIdx.x.
/*@
  context a != NULL && b != NULL && c != NULL;
  context \pointer_length(a) == n && \pointer_length(b) == n && \pointer_length(c) == n;
  context blockIdx.x * blockDim.x + threadIdx.x < n ==>
    Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], 1\2) ** Perm(&b[blockIdx.x * blockDim.x + threadIdx.x], 1\2);
  context blockIdx.x * blockDim.x + threadIdx.x < n ==> Perm(&c[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures blockIdx.x * blockDim.x + threadIdx.x < n ==> c[blockIdx.x * blockDim.x + threadIdx.x] ==
    a[blockIdx.x * blockDim.x + threadIdx.x] + b[blockIdx.x * blockDim.x + threadIdx.x];
@*/
__global__ void vector_add(unsigned *a, unsigned *b, unsigned *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}
