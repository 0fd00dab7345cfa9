//: expect unknown
// WRONG: p2(k) > 0 for every k >= 0, so `p2(k) <= 0` is contradictory; the lemma
// (whose own precondition holds through x == 0) hands it back as
// threadIdx.x == 0 in every thread, and the race on out[0] would verify.
/*@ requires n >= 0;
    decreases n;
    pure int p2(int n) = n <= 0 ? 1 : 2 * p2(n - 1); @*/

/*@
  requires k >= 0;
  requires x == 0 || p2(k) <= 0;
  ensures x == 0;
@*/
__device__ void lemma(int x, int k) {
  int t = 0;
  //@ loop_invariant 0 <= t && t <= k && p2(t) > 0;
  while (t < k) { t = t + 1; }
}

/*@
  context blockDim.x == 8 && gridDim.x == 1;
  context out != NULL && \pointer_length(out) == 8;
  context Perm(&out[threadIdx.x], write);
  requires k >= 0 && p2(k) <= 0;
@*/
__global__ void kern(int *out, int k) {
  lemma(threadIdx.x, k);
  out[0] = threadIdx.x;
}
