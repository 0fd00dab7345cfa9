//: expect invalid unsupported 13
// WRONG: __syncthreads_count is a barrier plus a reduction; here it is reached only by
// threads with threadIdx.x < 32 (divergent). Declared as in CUDA's headers, it must not
// become an ordinary unknown call. Expected: `unsupported` at the call.
__device__ int __syncthreads_count(int predicate);
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int c = 0;
  if (threadIdx.x < 32) {
    c = __syncthreads_count((int)threadIdx.x - 3); // <-A
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = c;
}
