//: expect failed assert 9
// CUDA: -8u is 0xFFFFFFF8 (unsigned int); widened to unsigned long long it keeps only low bits.
/*@ requires gridDim.x == 1;
    context a != NULL && \pointer_length(a) == blockDim.x;
    context Perm(&a[threadIdx.x], write); @*/
__global__ void k(int *a, unsigned long long x) {
  if (x == 0x100000010ULL) {
    unsigned long long y = x & -8u;     // C: y == 16
    //@ assert y == 0x100000010ULL;
  }
  a[threadIdx.x] = 0;
}
