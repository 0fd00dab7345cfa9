//: expect fail vacuous 4
// CUDA: two distinct threads of one launch cannot both satisfy the precondition.
/*@
  requires threadIdx.x + blockIdx.x * blockDim.x == 5;
@*/
__global__ void k(int *a) {
  int x = 1;
}
