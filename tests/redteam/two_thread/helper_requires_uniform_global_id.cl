//: expect failed pre 15
// WRONG: `scale` requires (GPUVerify's __uniform_int) that every work item passes the same
// factor; the kernel passes its own global id, which differs between any two work items.
// docs/language.md §11.9 says a called function's __requires with a two-thread predicate
// is checked at the call (docs/soundness.md, cause 52: it was not).
int scale(int x, int f) {
  __requires(__uniform_int(f));
  __requires(0 <= x && x < 1000 && 0 <= f && f < 1000);
  return x * f;
}
/*@ context get_global_size(0) <= 1000 && out != NULL && \pointer_length(out) == get_global_size(0);
    context Perm(&out[get_global_id(0)], write); @*/
__kernel void k(__global int *out) {
  int g = get_global_id(0);
  out[g] = scale(g, g);
}
