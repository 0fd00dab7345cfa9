//: expect fail perm.read 14
// WRONG: same aliasing as alias_add_plain_read.cu but the plain read comes first; another
// thread's atomicExch on a[0] (== b[0]) may run concurrently. Correct verdict: perm.read.
/*@
  context a != NULL && b != NULL && out != NULL;
  context \pointer_length(a) == 1 && \pointer_length(b) == 1;
  context \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&a[0], 1\(2 * blockDim.x * gridDim.x));
  context Perm(&b[0], 1\(2 * blockDim.x * gridDim.x));
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *a, int *b, int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  out[g] = b[0]; // <-A
  atomicExch(&a[0], g);
}
