//: expect fail perm.read 17
// Failing sibling of shared_pointer.cu, one deliberate bug: no __syncthreads, so a thread reads
// s[63 - t] through its pointer while thread 63 - t may still be writing it (a race).
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
  const int *theirs = s + (63 - t);
  seg[t] = *theirs;
}
