//: expect fail post 8
// WRONG: in CUDA C++ '\x80' is a char, signed on NVIDIA's targets: -128, stored
// as the int -128, so the postcondition is false. kprove read the literal's bits
// as an unsigned number and verified it.
/*@
  context a != NULL && \pointer_length(a) == blockDim.x * gridDim.x;
  context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures a[blockIdx.x * blockDim.x + threadIdx.x] > 0; // <-A
@*/
__global__ void k(int *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = '\x80';
}
