//: expect fail barrier.divergence 14
// WRONG: whether an item reaches the barrier depends on its own input: the items
// whose n is 16777217 (or any odd number above 2^24) find the float round trip
// different from the double one and skip the barrier, the others wait there.
// With one conversion function for both types the test was always true.
/*@
  context in != NULL && \pointer_length(in) == get_global_size(0);
  context Perm(&in[get_global_id(0)], 1\2);
  requires 0 <= in[get_global_id(0)] && in[get_global_id(0)] <= 20000000;
@*/
__kernel void k(__global int *in) {
  int n = in[get_global_id(0)];
  if ((long)(float)n == (long)(double)n) {
    barrier(CLK_LOCAL_MEM_FENCE); // <-A
  }
}
