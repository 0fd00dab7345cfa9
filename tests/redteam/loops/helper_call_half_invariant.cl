//: expect fail pre 22
// WRONG: the helper needs write permission on p[i], but the loop invariant hands the body
// only half of out[g]. Correct verdict: pre at the call.
/*@
  context p != NULL && 0 <= i && i < \pointer_length(p);
  context Perm(&p[i], write);
@*/
void set(__global int *p, int i) {
  p[i] = 0;
}
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  int g = get_global_id(0);
  /*@
    loop_invariant 0 <= t && t <= 2;
    loop_invariant Perm(&out[g], 1\2);
  @*/
  for (int t = 0; t < 2; t++) {
    set(out, g); // <-A
  }
}
