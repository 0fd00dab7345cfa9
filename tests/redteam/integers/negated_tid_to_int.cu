//: expect failed assert 8
// -threadIdx.x is unsigned: 2^32 - t; (int) of it is -t
/*@ requires gridDim.x == 1;
    context a != NULL && \pointer_length(a) == blockDim.x;
    context Perm(&a[threadIdx.x], write); @*/
__global__ void k(int *a) {
  int n = -threadIdx.x;
  //@ assert n >= 0;
  a[threadIdx.x] = 0;
}
