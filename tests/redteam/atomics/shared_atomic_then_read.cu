//: expect fail perm.read 18
// WRONG: threads atomically count into shared cnt[0]; after __syncthreads thread 0 reads it,
// but the barrier's ensures give thread 0 only its own share back. Correct: perm.read.
/*@
  context out != NULL && \pointer_length(out) == gridDim.x;
  context threadIdx.x == 0 ==> Perm(&out[blockIdx.x], write);
  requires Perm(&cnt[0], 1\blockDim.x);
@*/
__global__ void k(int *out) {
  __shared__ int cnt[1];
  atomicAdd(&cnt[0], 1);
  /*@
    requires Perm(&cnt[0], 1\blockDim.x);
    ensures Perm(&cnt[0], 1\blockDim.x);
  @*/
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = cnt[0]; // <-A
  }
}
