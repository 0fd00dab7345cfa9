//: expect fail resources 9
// The kernel names only threadIdx.x, but its helper names threadIdx.y: the launch
// may be 2-D, so the threads of one column all claim out[threadIdx.x] (a race the
// 1-D assumption would hide).
/*@ ensures \result == threadIdx.y; @*/
__device__ int row(void) { return threadIdx.y; }

/*@ context out != NULL && \pointer_length(out) == blockDim.x && gridDim.x == 1;
    context Perm(&out[threadIdx.x], write); @*/
__global__ void k(int *out) {
  out[threadIdx.x] = row();
}
