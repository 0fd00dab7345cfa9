//: expect fail null 35
// Failing sibling of apply_operation.cu, one deliberate bug: the pointer is NULL when
//   doubling is 0, and the call through it is made anyway (null: the call may reach
//   no function).
/*@
  requires 0 <= x && x <= 1000000;
  ensures \result == 2 * x;
@*/
__device__ int twice(int x) { return 2 * x; }

/*@
  requires 0 <= x && x <= 1000000;
  ensures \result == x + 1;
@*/
__device__ int successor(int x) { return x + 1; }

typedef int (*operation)(int);

/*@
  context a != NULL && \pointer_length(a) == n;
  context blockIdx.x * blockDim.x + threadIdx.x < n ==>
    Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
  requires blockIdx.x * blockDim.x + threadIdx.x < n ==>
    0 <= a[blockIdx.x * blockDim.x + threadIdx.x] && a[blockIdx.x * blockDim.x + threadIdx.x] <= 1000;
  requires doubling == 0 || doubling == 1;
  ensures blockIdx.x * blockDim.x + threadIdx.x < n && doubling == 1 ==>
    a[blockIdx.x * blockDim.x + threadIdx.x] == 2 * \old(a[blockIdx.x * blockDim.x + threadIdx.x]);
  ensures blockIdx.x * blockDim.x + threadIdx.x < n && doubling == 0 ==>
    a[blockIdx.x * blockDim.x + threadIdx.x] == \old(a[blockIdx.x * blockDim.x + threadIdx.x]) + 1;
@*/
__global__ void apply_operation(int *a, int n, int doubling) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  operation op = doubling == 1 ? twice : NULL;
  if (i < n) {
    a[i] = op(a[i]);
  }
}
