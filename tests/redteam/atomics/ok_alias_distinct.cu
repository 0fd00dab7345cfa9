//: expect verified
// CONTROL (near-miss of alias_add_plain_read.cu): a's shares already total 1 over all
// threads and b's add another 1\2, so a == b would claim 1.5 of one cell: the contract
// implies a != b, nobody touches b atomically, and the plain read of b[0] is race free.
/*@
  context a != NULL && b != NULL && out != NULL;
  context \pointer_length(a) == 1 && \pointer_length(b) == 1;
  context \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&a[0], 1\(blockDim.x * gridDim.x));
  context Perm(&b[0], 1\(2 * blockDim.x * gridDim.x));
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *a, int *b, int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&a[0], 1);
  out[g] = b[0];
}
