//: expect failed perm.write 9
//: may also fail bounds 9
// threadIdx.x - 1 wraps to 4294967295u for thread 0; (int) of it is -1 in C.
/*@ requires gridDim.x == 1;
    context a != NULL && \pointer_length(a) == blockDim.x;
    context Perm(&a[threadIdx.x], write); @*/
__global__ void k(int *a) {
  int left = threadIdx.x - 1;
  if (left < 0) a[threadIdx.x + 1] = 0;   // thread 0 runs this: OOB when blockDim.x == 1, race with thread 1 else
  a[threadIdx.x] = 0;
}
