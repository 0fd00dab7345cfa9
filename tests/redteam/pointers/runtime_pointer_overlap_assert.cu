//: expect invalid unsupported 7
// Host: k<<<1,1>>>(d, d + 1, 1). p = a + 1 is then the same address as b.
/*@ context a != NULL && b != NULL && \pointer_length(a) >= 2 && \pointer_length(b) >= 1; @*/
__global__ void k(int *a, int *b, int n) {
  int *p;
  if (n > 0) p = a + 1; else p = b;
  __assert(n <= 0 || p != b);
}
