//: expect fail bounds 14
// WRONG: CUDA's int4 is 16-byte aligned (nvcc's vector_types.h, __align__(16)),
// so struct S { int a; int4 v; } is 32 bytes and n is 8: a[7] is out of bounds of
// five cells. kprove's vector_types.h declared int4 without its alignment, so
// sizeof(struct S) was 20, n 5, and the kernel verified.
struct S { int a; int4 v; };
/*@
  context a != NULL && \pointer_length(a) == 5;
  context threadIdx.x == 0 && blockIdx.x == 0 ==> (\forall* int k; 0 <= k && k < 5; Perm(&a[k], write));
@*/
__global__ void k(int *a) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    int n = sizeof(struct S) / sizeof(int);
    a[n - 1] = 1; // <-A
  }
}
