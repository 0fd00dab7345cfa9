//: expect invalid unsupported 13
// Cause 55, CUDA: the inlined helper's __syncthreads contract names x[0], and x is
// the caller's private &v; every thread of the block then writes out[0] (a race).
__device__ void h(int *x, int *o) {
  /*@ requires Perm(&x[0], write);
      ensures Perm(&x[0], write) ** Perm(&o[0], write); @*/
  __syncthreads();
}
/*@ context blockDim.x == 32 && gridDim.x == 1;
    context out != NULL && \pointer_length(out) == 1; @*/
__global__ void k(int *out) {
  int v = threadIdx.x;
  h(&v, out);
  out[0] = v;
}
