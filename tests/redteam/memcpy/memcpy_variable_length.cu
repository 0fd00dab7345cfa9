//: expect invalid unsupported 6
// The length is a parameter: kprove writes a copy out element by element and
// needs to know how many.
/*@ context Perm(&out[threadIdx.x], write) ** Perm(&in[threadIdx.x], 1\2); @*/
__global__ void k(int *in, int *out, size_t len) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], len);
}
