//: expect verified
// Float atomics (CUDA's atomicAdd and atomicExch on float): every thread adds its
// value to one cell, holding a share of it; the cell's new value is unknown (floats
// are opaque), the accumulation race-free.
/*@ context sum != NULL && \pointer_length(sum) == 1;
    context in != NULL && \pointer_length(in) == gridDim.x * blockDim.x;
    context Perm(&sum[0], 1\(gridDim.x * blockDim.x));
    context Perm(&in[blockIdx.x * blockDim.x + threadIdx.x], 1\2); @*/
__global__ void accumulate(float *sum, const float *in) {
  atomicAdd(&sum[0], in[blockIdx.x * blockDim.x + threadIdx.x]);
}
