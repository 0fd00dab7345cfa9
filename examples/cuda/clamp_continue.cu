//: expect verified  //: flags --int-math (the chunk index t*k + j overflows int for a large enough launch and the contract does not bound the sizes; this example is about continue)
// Clamp: thread t sets the negative values of its chunk a[t*k .. t*k+k) to 0 and skips the
// others with `continue`, which runs the loop's increment and must re-establish the
// invariant (all values before j are non-negative).
/*@
  context k > 0 && a != NULL && \pointer_length(a) == gridDim.x * blockDim.x * k;
  context (\forall* int j; 0 <= j && j < k; Perm(&a[(blockIdx.x * blockDim.x + threadIdx.x) * k + j], write));
  ensures (\forall int j; 0 <= j && j < k; a[(blockIdx.x * blockDim.x + threadIdx.x) * k + j] >= 0);
@*/
__global__ void clamp_continue(int *a, int k) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * k;
  /*@
    loop_invariant 0 <= j && j <= k;
    loop_invariant (\forall* int i; 0 <= i && i < k; Perm(&a[(blockIdx.x * blockDim.x + threadIdx.x) * k + i], write));
    loop_invariant (\forall int i; 0 <= i && i < j; a[(blockIdx.x * blockDim.x + threadIdx.x) * k + i] >= 0);
  @*/
  for (int j = 0; j < k; j++) {
    if (a[base + j] >= 0)
      continue;
    a[base + j] = 0;
  }
}
