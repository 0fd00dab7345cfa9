//: expect fail vacuous 5
//: flags --global_size 1,67108864 (2^26 threads in y: blockDim.y <= 1024 times gridDim.y <= 65535 is less)
// No split of 2^26 into a block size and a grid size within CUDA's limits exists,
// so the flags describe no launch; the divergent barrier must not verify.
__global__ void divergent(int *a) {
  if (threadIdx.x == 0)
    __syncthreads();
}
