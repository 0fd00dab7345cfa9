//: expect verified
// Each block reverses its 64-element segment of d through pointers: seg = d + block * 64
// into global memory and mine = s + t into a __shared__ array; __syncthreads hands each
// thread s[63 - t], read through s + (63 - t).
/*@
  context blockDim.x == 64;
  context d != NULL && \pointer_length(d) == 64 * gridDim.x;
  context Perm(&d[blockIdx.x * 64 + threadIdx.x], write);
  requires Perm(&s[threadIdx.x], write);
@*/
__global__ void shared_pointer(int *d) {
  __shared__ int s[64];
  int t = threadIdx.x;
  int *seg = d + blockIdx.x * 64;
  int *mine = s + t;
  *mine = seg[t];
  /*@
    context blockDim.x == 64;
    requires Perm(&s[threadIdx.x], write);
    ensures Perm(&s[63 - threadIdx.x], 1\2);
  @*/
  __syncthreads();
  const int *theirs = s + (63 - t);
  seg[t] = *theirs;
}
