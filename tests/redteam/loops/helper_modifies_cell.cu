//: expect fail assert 27  //: flags --int-math (about what a loop forgets; its int arithmetic, unbounded, may overflow in C)
// WRONG: the helper bump() writes p[i] (its contract says so: +1); called in the loop on
// the thread's own cell. The loop invariant keeps only the permission, so the final
// value is unknown to the prover; in fact it is v + 2, not v. Correct verdict: assert.
/*@
  context p != NULL && 0 <= i && i < \pointer_length(p);
  context Perm(&p[i], write);
  ensures p[i] == \old(p[i]) + 1;
@*/
__device__ void bump(int *p, int i) {
  p[i] = p[i] + 1;
}
/*@
  context out != NULL && \pointer_length(out) == blockDim.x * gridDim.x;
  context Perm(&out[blockIdx.x * blockDim.x + threadIdx.x], write);
@*/
__global__ void k(int *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int v = out[g];
  /*@
    loop_invariant 0 <= t && t <= 2;
    loop_invariant Perm(&out[g], write);
  @*/
  for (int t = 0; t < 2; t++) {
    bump(out, g);
  }
  //@ assert out[g] == v; // <-A
}
