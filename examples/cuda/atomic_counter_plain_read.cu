//: expect fail perm.read 14
// Failing sibling of atomic_counter.cu, one deliberate bug: a capped counter that checks
//   count[0] < cap with a plain read, holding only a share while other threads add
//   atomically (perm.read).
/*@
  context in != NULL && count != NULL && in != count && \pointer_length(in) == n && \pointer_length(count) == 1;
  context Perm(&count[0], 1\(blockDim.x * gridDim.x));
  context blockIdx.x * blockDim.x + threadIdx.x < n ==> Perm(&in[blockIdx.x * blockDim.x + threadIdx.x], 1\2);
@*/
__global__ void count_positive(int *in, int *count, int n, int cap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (in[i] > 0) {
      if (count[0] < cap) {
        atomicAdd(&count[0], 1);
      }
    }
  }
}
