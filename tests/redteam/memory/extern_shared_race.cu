//: expect invalid unsupported 16
// WRONG (verified when kprove modelled them as two arrays): every `extern __shared__` array of a CUDA kernel starts at the same
// address of the block's dynamic shared memory, so b[(t + 1) % 4] is the cell
// a[(t + 1) % 4] that thread t + 1 holds with write permission: the
// precondition claims two full permissions to each cell (unsatisfiable), and in
// a real run thread t writes b[(t + 1) % 4] while thread t + 1 writes
// a[(t + 1) % 4], the same cell: a data race.
/*@
  requires blockDim.x == 4 && gridDim.x == 1;
  requires \shared_mem_size(a) == 4 && \shared_mem_size(b) == 4;
  requires Perm(&a[threadIdx.x], write);
  requires Perm(&b[(threadIdx.x + 1) % 4], write);
@*/
__global__ void kern(int *out) {
  extern __shared__ int a[];
  extern __shared__ int b[];
  a[threadIdx.x] = threadIdx.x;
  b[(threadIdx.x + 1) % 4] = 7;
}
