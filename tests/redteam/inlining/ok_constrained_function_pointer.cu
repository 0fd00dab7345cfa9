//: expect verified
// Control for unconstrained_function_pointer.cu: GPUVerify's __requires says f is
// twice, so the call reaches twice only.
/*@ requires 0 <= x && x <= 1000; ensures \result == 2 * x; @*/
__device__ int twice(int x) { return 2 * x; }
typedef int (*op_t)(int);
/*@
  context a != NULL && \pointer_length(a) == blockDim.x && gridDim.x == 1 && blockDim.x <= 1000;
  context Perm(&a[threadIdx.x], write);
  ensures a[threadIdx.x] == 2 * threadIdx.x;
@*/
__global__ void k(int *a, op_t f) {
  __requires(f == twice);
  a[threadIdx.x] = f(threadIdx.x);
}
