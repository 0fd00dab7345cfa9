//: expect verified
// memcpy of whole structs copies every field (a buffer of structs is one array per
// field); memset with 0 zeroes a struct variable field by field.
typedef struct {
  short x;
  short y;
  char z;
} s_t; // 6 bytes

/*@
  context gridDim.x == 1 && in != NULL && out != NULL && in != out;
  context \pointer_length(in) == blockDim.x && \pointer_length(out) == blockDim.x;
  context Perm(&in[threadIdx.x].x, 1\2) ** Perm(&in[threadIdx.x].y, 1\2);
  context Perm(&in[threadIdx.x].z, 1\2) ** Perm(&out[threadIdx.x].z, write);
  context Perm(&out[threadIdx.x].x, write) ** Perm(&out[threadIdx.x].y, write);
  ensures out[threadIdx.x].x == in[threadIdx.x].x && out[threadIdx.x].z == 0;
@*/
__global__ void k(s_t *in, s_t *out) {
  s_t v;
  memset(&v, 0, sizeof(s_t));
  memcpy(&out[threadIdx.x], &in[threadIdx.x], sizeof(s_t));
  out[threadIdx.x].z = v.z;
}
