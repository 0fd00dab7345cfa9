//: expect failed perm.write 11
// control: the same kernel comparing with a + 1 (same array): kprove finds the race.
/*@ context gridDim.x == 1 && blockDim.x == 2;
    context a != NULL && b != NULL && \pointer_length(a) >= 2 && \pointer_length(b) >= 1;
    context Perm(&a[threadIdx.x], write); @*/
__global__ void k(int *a, int *b, int n) {
  a[threadIdx.x] = 1;
  int *p;
  if (n > 0) p = a + 1; else p = b;
  if (n > 0 && p == a + 1) {
    a[0] = 7;
  }
}
