//: expect fail resources 8
// Failing sibling of shared_reverse.cu, one deliberate bug: the block offset is dropped:
//   every block works on d[threadIdx.x], so with two or more blocks two threads claim write
//   permission to one cell (resources).
/*@
  context blockDim.x == 64;
  context d != NULL && \pointer_length(d) == 64 * gridDim.x;
  context Perm(&d[threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void shared_reverse(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int i = t;
  s[t] = d[i];
  /*@
    context blockDim.x == 64;
    requires Perm(&s[threadIdx.x], write);
    ensures Perm(&s[63 - threadIdx.x], 1\2);
  @*/
  __syncthreads();
  d[i] = s[63 - t];
}
