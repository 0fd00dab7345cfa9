//: expect invalid unsupported 13
// WRONG: the CUDA form: p takes the address of x or y, each local to a branch, and
// is read after the if. Correct verdict: unsupported at `p = &x`.
/*@
  context a != NULL && \pointer_length(a) == blockDim.x * gridDim.x;
  context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures a[blockIdx.x * blockDim.x + threadIdx.x] == 4;
@*/
__global__ void k(int *a) {
  int *p;
  if (threadIdx.x < 1000) {
    int x = 4;
    p = &x; // <-A
  } else {
    int y = 4;
    p = &y;
  }
  a[blockIdx.x * blockDim.x + threadIdx.x] = *p;
}
