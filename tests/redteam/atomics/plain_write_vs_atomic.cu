//: expect fail perm.write 10
// WRONG: thread 0 resets the counter with a plain write while the others add atomically;
// it holds only a share. Correct verdict: perm.write.
/*@
  context c != NULL && \pointer_length(c) == 1;
  context Perm(&c[0], 1\(blockDim.x * gridDim.x));
@*/
__global__ void k(int *c) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    c[0] = 0; // <-A
  } else {
    atomicAdd(&c[0], 1);
  }
}
