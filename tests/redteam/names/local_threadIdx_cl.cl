//: expect fail perm.write 11
// WRONG: in OpenCL a local struct named threadIdx is an ordinary variable (x == 0): every
// item writes out[0]. Correct verdict: perm.write.
typedef struct { int x; } idx_t;
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  idx_t threadIdx = {0};
  out[threadIdx.x] = 1; // <-A
}
