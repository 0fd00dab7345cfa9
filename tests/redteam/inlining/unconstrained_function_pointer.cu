//: expect fail null 12
// WRONG: the host may pass any pointer for f (NULL, or a function of another
// type); nothing in the contract says which.
// Correct verdict: null at the call.
/*@ requires 0 <= x && x <= 1000; ensures \result == 2 * x; @*/
__device__ int twice(int x) { return 2 * x; }
typedef int (*op_t)(int);
/*@
  context a != NULL && \pointer_length(a) == blockDim.x && gridDim.x == 1 && blockDim.x <= 1000;
  context Perm(&a[threadIdx.x], write);
@*/
__global__ void k(int *a, op_t f) { a[threadIdx.x] = f(threadIdx.x); } // <-A
