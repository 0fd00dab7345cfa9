//: expect fail assert 10
// (Fixed: docs/soundness.md, cause 50.)
// WRONG (CUDA form of f1): kprove verifies; block 0's thread 0 wrote 0 to A[0] before the second
// thread reads it, so both read 0.
/*@ context A != NULL && \pointer_length(A) == blockDim.x * gridDim.x;
    context Perm(&A[blockIdx.x * blockDim.x + threadIdx.x], write);
    requires A[blockIdx.x * blockDim.x + threadIdx.x] == 5; @*/
__global__ void k(int *A) {
  A[blockIdx.x * blockDim.x + threadIdx.x] = 0;
  __assert(__implies(blockIdx.x == 0 && threadIdx.x == 0, __distinct_int(A[0])));
}
