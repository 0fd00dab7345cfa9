//: expect fail perm.read 16
// Failing sibling of shared_reverse.cu, one deliberate bug: __syncthreads and its contract
//   are removed; the read of s[63-t], written by another thread, has no permission
//   (perm.read).
/*@
  context blockDim.x == 64;
  context d != NULL && \pointer_length(d) == 64 * gridDim.x;
  context Perm(&d[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void shared_reverse(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int i = blockIdx.x * 64 + t;
  s[t] = d[i];
  d[i] = s[63 - t];
}
