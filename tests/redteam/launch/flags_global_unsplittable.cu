//: expect fail vacuous 7
//: flags --global_size 2048 --gridDim 1 (one block of 2,048 threads: over CUDA's 1,024)
// A global size of 2,048 in one block forces blockDim.x == 2048, above the limit:
// no launch has these flags. Without a contract the contradiction was never sent to
// the solver, and `ensures false` verified.
/*@ ensures false; @*/
__global__ void never(int *a) {
  __syncthreads();
}
