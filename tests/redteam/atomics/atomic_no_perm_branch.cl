//: expect fail perm.read 9
// WRONG: the work items hold shares of count[1] but run the atomic on count[0], to which
// they hold nothing. Correct verdict: perm.read on the atomic.
/*@
  context count != NULL && \pointer_length(count) == 2;
  context Perm(&count[1], 1\get_global_size(0));
@*/
__kernel void k(__global int *count) {
  atomic_inc(&count[0]); // <-A
}
