//: expect verified
// CONTROL (near-miss of shared_atomic_then_read.cu): the barrier (fencing shared memory)
// hands all shares of cnt[0] to thread 0, which may then read it plainly.
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
    ensures threadIdx.x == 0 ==> Perm(&cnt[0], write);
  @*/
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x] = cnt[0];
  }
}
