//: expect fail null 15
// WRONG: f is NULL when which == 0, and the call through it is made anyway.
// Correct verdict: null at the call.
/*@ requires 0 <= x && x <= 1000; ensures \result == 2 * x; @*/
__device__ int twice(int x) { return 2 * x; }
typedef int (*op_t)(int);
/*@
  context a != NULL && \pointer_length(a) == blockDim.x && gridDim.x == 1;
  context blockDim.x <= 1000;
  context Perm(&a[threadIdx.x], write);
@*/
__global__ void k(int *a, int which) {
  op_t f = NULL;
  if (which != 0) f = twice;
  a[threadIdx.x] = f(threadIdx.x); // <-A
}
