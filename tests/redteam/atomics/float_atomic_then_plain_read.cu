//: expect fail perm.read 10
// Failing sibling of ok_float_atomic_add.cu: after its atomic addition a thread
// reads the cell plainly, while other threads may still add to it (a race).
/*@ context sum != NULL && \pointer_length(sum) == 1 && out != NULL;
    context \pointer_length(out) == gridDim.x * blockDim.x;
    context Perm(&sum[0], 1\(gridDim.x * blockDim.x));
    context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write); @*/
__global__ void accumulate(float *sum, float *out) {
  atomicAdd(&sum[0], 1.0f);
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum[0];
}
