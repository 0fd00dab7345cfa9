//: expect failed assert 8
// (threadIdx.x - 1) + 1 == threadIdx.x in unsigned arithmetic (0 for thread 0)
/*@ requires gridDim.x == 1;
    context a != NULL && \pointer_length(a) == blockDim.x;
    context Perm(&a[threadIdx.x], write); @*/
__global__ void k(int *a) {
  unsigned v = (threadIdx.x - 1) + 1;
  //@ assert v > 0;
  a[threadIdx.x] = 0;
}
