//: expect verified
// CONTROL: a user helper named get_local_id that really returns its argument, applied to
// the thread index; must verify.
/*@
  ensures \result == v;
@*/
__device__ int get_local_id(int v) {
  return v;
}
/*@
  context gridDim.x == 1;
  context out != NULL && \pointer_length(out) == blockDim.x;
  context Perm(&out[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int t = threadIdx.x;
  int j = get_local_id(t);
  out[j] = 1;
}
