//: expect fail barrier.divergence 8
// WRONG: the local `blockIdx` holds the THREAD index, so the condition is thread-
// dependent and the barrier diverges; read as the builtin it would look uniform.
struct Idx { int x; };
__global__ void k(int *out) {
  struct Idx blockIdx = {(int)threadIdx.x};
  if (blockIdx.x == 0) {
    __syncthreads(); // <-A
  }
}
