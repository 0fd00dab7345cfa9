//: expect fail perm.read 12
// WRONG: threads atomically add to c[threadIdx.x % 2] and plainly read c[0] with a share:
// the read races with atomics of the even threads. Correct verdict: perm.read.
/*@
  context c != NULL && out != NULL && \pointer_length(c) == 2;
  context \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&c[0], 1\(blockDim.x * gridDim.x)) ** Perm(&c[1], 1\(blockDim.x * gridDim.x));
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *c, int *out) {
  atomicAdd(&c[threadIdx.x % 2], 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = c[0]; // <-A
}
