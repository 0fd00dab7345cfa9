//: expect fail barrier.divergence 10
// WRONG: a local `gridDim` holding threadIdx.x bounds a loop with a barrier: trip counts
// differ between threads. Read as the builtin, the bound would be uniform.
struct Dim { int x; };
__global__ void k(int *out) {
  struct Dim gridDim = {(int)threadIdx.x};
  int i = 0;
  //@ loop_invariant 0 <= i;
  while (i < gridDim.x) {
    __syncthreads(); // <-A
    i++;
  }
}
