//: expect fail perm.read 16
// WRONG: a and b may be the same buffer (their shares, over all threads, sum to exactly
// 1), so the plain read of b[0] races with other threads' atomicAdd on a[0].
// Correct verdict: perm.read on the plain read.
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
  atomicAdd(&a[0], 1);
  out[g] = b[0]; // <-A
}
