//: expect verified
// The neighbour exchange in CUDA: threadIdx.x in the barrier invariant is the instance's
// thread index (docs/language.md §11.9), blockIdx.x stays the block's.
/*@
  context blockDim.x == 64;
  context out != NULL && \pointer_length(out) == gridDim.x * 64;
  context Perm(&out[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&tile[threadIdx.x], write);
  ensures out[blockIdx.x * 64 + threadIdx.x] == blockIdx.x * 64 + (threadIdx.x + 1) % 64;
@*/
__global__ void exchange(int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = blockIdx.x * 64 + threadIdx.x;
  __barrier_invariant_1(tile[threadIdx.x] == blockIdx.x * 64 + threadIdx.x, (threadIdx.x + 1) % 64);
  /*@
    context blockDim.x == 64;
    requires Perm(&tile[threadIdx.x], write);
    ensures Perm(&tile[(threadIdx.x + 1) % 64], 1\2);
  @*/
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = tile[(threadIdx.x + 1) % 64];
}
