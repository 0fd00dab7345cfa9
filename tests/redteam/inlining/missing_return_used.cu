//: expect fail post 6
// WRONG: pick, inlined at the call through f (no contract, uses thread ids), reaches
// its end without a return when a[threadIdx.x] <= 0: y is then undefined (nvcc
// compiles the kernel to a bare `ret`), yet the postcondition relies on y == 7.
// Correct verdict: post at pick (it may end without returning a value).
__device__ int pick(int *a) { // <-A
  if (a[threadIdx.x] > 0)
    return a[threadIdx.x];
}
typedef int (*op_t)(int *);
/*@
  context a != NULL && \pointer_length(a) == blockDim.x && gridDim.x == 1;
  context Perm(&a[threadIdx.x], write);
  ensures \old(a[threadIdx.x]) <= 0 ==> a[threadIdx.x] == 7;
@*/
__global__ void k(int *a) {
  op_t f = pick;
  int y = 7;
  y = f(a);
  a[threadIdx.x] = y;
}
