//: expect invalid unsupported 6
// 5 bytes of 4-byte ints: a partial element, which kprove's per-element memory
// cannot model.
/*@ context Perm(&out[threadIdx.x], write) ** Perm(&in[threadIdx.x], 1\2); @*/
__global__ void k(int *in, int *out) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], 5);
}
