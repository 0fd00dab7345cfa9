//: expect fail perm.write 12
// WRONG: the local struct variable `threadIdx` (x == 0) shadows the builtin; every thread
// writes out[0]. Treating it as the builtin would hide the race. Correct: perm.write.
struct Idx { int x; };
/*@
  context gridDim.x == 1;
  context out != NULL && \pointer_length(out) == blockDim.x;
  context Perm(&out[threadIdx.x], write);
@*/
__global__ void k(int *out) {
  struct Idx threadIdx = {0};
  out[threadIdx.x] = 1; // <-A
}
