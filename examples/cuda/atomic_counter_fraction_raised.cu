//: expect fail resources 7
// Failing sibling of atomic_counter.cu, one deliberate bug: each thread asks for
//   1\blockDim.x of count[0], a share sized for one block: with two or more blocks that is
//   more than the whole counter (resources).
/*@
  context in != NULL && count != NULL && in != count && \pointer_length(in) == n && \pointer_length(count) == 1;
  context Perm(&count[0], 1\(blockDim.x));
  context blockIdx.x * blockDim.x + threadIdx.x < n ==> Perm(&in[blockIdx.x * blockDim.x + threadIdx.x], 1\2);
@*/
__global__ void count_positive(int *in, int *count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (in[i] > 0) {
      atomicAdd(&count[0], 1);
    }
  }
}
