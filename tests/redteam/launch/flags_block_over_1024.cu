//: expect fail vacuous 6
//: flags --blockDim 64,64 (4,096 threads per block: no CUDA launch has it)
// Every thread writes a[0] and the kernel has no contract at all. The flags give a
// block of 64 x 64 threads, above CUDA's 1,024 per block that kprove assumes: the
// launch facts alone are contradictory, so every obligation would hold vacuously.
__global__ void race(int *a) {
  a[0] = threadIdx.x;
}
