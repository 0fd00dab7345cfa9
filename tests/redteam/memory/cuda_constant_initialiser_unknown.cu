//: expect fail post 10
// WRONG: a CUDA host may change __constant__ memory before the launch
// (cudaMemcpyToSymbol), so its initialiser says nothing about its contents.
__constant__ int t[2] = {5, 6};

/*@
  context gridDim.x == 1;
  context a != NULL && \pointer_length(a) == blockDim.x;
  context Perm(&a[threadIdx.x], write);
  ensures a[threadIdx.x] == 5;
@*/
__global__ void k(int *a) {
  a[threadIdx.x] = t[0];
}
