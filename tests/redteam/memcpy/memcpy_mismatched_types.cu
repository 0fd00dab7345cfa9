//: expect invalid unsupported 15
// memcpy between buffers of different element types moves bytes between
// differently laid-out cells, which kprove's per-element memory cannot model.
typedef struct {
  short x;
  char y;
} s1_t;

typedef struct {
  short x;
  short y;
} s2_t;

__global__ void k(s1_t *in, s2_t *out) {
  memcpy(&out[threadIdx.x], &in[threadIdx.x], 4);
}
