//: expect fail perm.write 18
//: expect fail bounds 18
// Failing sibling of vector_add.cu, one deliberate bug: the write is off by one, c[i+1]
//   instead of c[i]: no write permission (perm.write), and out of bounds for i == n-1
//   (bounds).
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
    c[i + 1] = a[i] + b[i];
  }
}
