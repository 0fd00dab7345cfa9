//: expect fail perm.write 20
// WRONG: 12 bytes are two 6-byte structs: each thread also writes its neighbour's
// element.
typedef struct {
  short x;
  short y;
  char z;
} s_t;

/*@
  context gridDim.x == 1 && blockDim.x == 4 && in != NULL && out != NULL && in != out;
  context \pointer_length(in) == blockDim.x + 1 && \pointer_length(out) == blockDim.x + 1;
  context (\forall* int j; 0 <= j && j < blockDim.x + 1; Perm(&in[j].x, 1\4));
  context (\forall* int j; 0 <= j && j < blockDim.x + 1; Perm(&in[j].y, 1\4));
  context (\forall* int j; 0 <= j && j < blockDim.x + 1; Perm(&in[j].z, 1\4));
  context Perm(&out[threadIdx.x].z, write);
  context Perm(&out[threadIdx.x].x, write) ** Perm(&out[threadIdx.x].y, write);
@*/
__global__ void k(s_t *in, s_t *out) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], 12);
}
