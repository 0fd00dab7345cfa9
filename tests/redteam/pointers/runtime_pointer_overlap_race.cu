//: expect failed perm.write 13
// Host: k<<<1,2>>>(d, d + 1, 1) with d of 3 ints.  Thread t holds a[t]; the write to a[0]
// happens only when p == b, which kprove takes as impossible (p points into a at offset 1).
// Really p == b, and thread 1 writes a[0], owned by (and racing with) thread 0.
/*@ context gridDim.x == 1 && blockDim.x == 2;
    context a != NULL && b != NULL && \pointer_length(a) >= 2 && \pointer_length(b) >= 1;
    context Perm(&a[threadIdx.x], write); @*/
__global__ void k(int *a, int *b, int n) {
  a[threadIdx.x] = 1;
  int *p;
  if (n > 0) p = a + 1; else p = b;
  if (n > 0 && p == b) {
    a[0] = 7;
  }
}
