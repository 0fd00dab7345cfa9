//: expect fail post 8
// WRONG: the postcondition promises the host out[i] == x for the x it launched the
// kernel with; the body overwrites its copy of x with 3 first. Correct verdict:
// post (a thread's postcondition reads the parameters as passed).
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == x; // <-A
@*/
__kernel void k(__global int *out, int x) {
  x = 3;
  out[get_global_id(0)] = x;
}
