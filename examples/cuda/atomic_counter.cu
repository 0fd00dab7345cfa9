//: expect verified
// Counts the positive elements of in with atomicAdd on one global counter: each of the
// blockDim.x * gridDim.x threads holds an equal share of count[0], enough for atomics.
// `in != count`: a plain read of in[i] would race the atomics if the host passed one
// buffer for both (docs/language.md §11.6; the shares rule it out only indirectly).
/*@
  context in != NULL && count != NULL && in != count;
  context \pointer_length(in) == n && \pointer_length(count) == 1;
  context Perm(&count[0], 1\(blockDim.x * gridDim.x));
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
