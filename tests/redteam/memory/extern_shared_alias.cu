//: expect invalid unsupported 15
// WRONG (verified when kprove modelled them as two arrays): in CUDA every `extern __shared__` array starts at the same address of
// the block's dynamic shared memory (CUDA C Programming Guide, "shared"): a and
// b are the same memory. The precondition's Perm(a[t]) ** Perm(b[t]) is two full
// permissions to one cell (unsatisfiable for every launch), and in any real run
// the write to b[threadIdx.x] overwrites a[threadIdx.x], so the assertion
// a[threadIdx.x] == 1 fails (it is 2).
/*@
  requires blockDim.x == 4 && gridDim.x == 1;
  requires \shared_mem_size(a) == 4 && \shared_mem_size(b) == 4;
  requires Perm(&a[threadIdx.x], write) ** Perm(&b[threadIdx.x], write);
@*/
__global__ void kern(int *out) {
  extern __shared__ int a[];
  extern __shared__ int b[];
  a[threadIdx.x] = 1;
  b[threadIdx.x] = 2;
  __assert(a[threadIdx.x] == 1);
}
