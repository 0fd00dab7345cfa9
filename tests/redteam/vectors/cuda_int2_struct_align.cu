//: expect fail post 7
// WRONG: CUDA's int2 is 8-byte aligned, so struct P { int a; int2 v; } is 16
// bytes, not 12 (kprove's int2 had no alignment).
struct P { int a; int2 v; };
/*@
  context out != NULL && \pointer_length(out) == 1 && blockDim.x == 1 && gridDim.x == 1 && Perm(&out[0], write);
  ensures out[0] == 12; // <-A
@*/
__global__ void k(int *out) {
  out[0] = sizeof(struct P);
}
