//: expect invalid unsupported 6
// WRONG: the helper returns the address of its own local x, which no longer exists
// once it returns; the kernel then reads through it. kprove used to report
// "'new' inside a parallel block or kernel" (the user wrote no new). Correct
// verdict: unsupported at the return.
__device__ int *bad() { int x = 4; return &x; } // <-A
/*@
  context a != NULL && \pointer_length(a) == blockDim.x * gridDim.x;
  context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = *bad(); }
