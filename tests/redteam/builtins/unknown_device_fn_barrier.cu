//: expect fail barrier.divergence 9
// WRONG: lane_id() is an external (bodiless) device function - in fact thread-dependent -
// and the __syncthreads under it diverges. Treating its result as uniform is unsound.
// Correct verdict: `unsupported` at the call (or barrier.divergence).
__device__ int lane_id(void);

__global__ void k(int *out) {
  if (lane_id() == 0) {
    __syncthreads(); // <-A
  }
}
