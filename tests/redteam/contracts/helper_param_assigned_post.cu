//: expect fail post 7
// WRONG: f(4) returns 3; its postcondition's x is the argument (ACSL: formals in a
// postcondition mean their values at the call), so the kernel's postcondition
// a[i] == 4 is false. Correct verdict: post at f's postcondition.
/*@
  requires 0 <= x && x <= 1000;
  ensures \result == x; // <-A
@*/
__device__ int f(int x) {
  x = 3;
  return x;
}
/*@
  context a != NULL && \pointer_length(a) == n;
  context blockIdx.x * blockDim.x + threadIdx.x < n ==> Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures blockIdx.x * blockDim.x + threadIdx.x < n ==> a[blockIdx.x * blockDim.x + threadIdx.x] == 4;
@*/
__global__ void k(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = f(4);
  }
}
