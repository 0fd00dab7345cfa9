//: expect verified
// VerCors's ghost parameters in C (docs/language.md §11.1): `pair_sum` takes a
// lower bound as a `given` argument and yields whether both values reach it; the
// kernel reads its two input cells with vload2, whose `given {r = 1\2}` (VerCors's
// opencl.h) says it needs half of each cell, and receives the yield in a ghost
// variable.
/*@
  given int lo;
  yields int both;
  requires 0 <= a && a <= 1000 && 0 <= b && b <= 1000;
  ensures \result == a + b;
  ensures both == ((a >= lo && b >= lo) ? 1 : 0);
@*/
int pair_sum(int a, int b) {
  //@ ghost both = (a >= lo && b >= lo) ? 1 : 0;
  return a + b;
}

/*@
  context get_local_size(1) == 1 && get_num_groups(1) == 1;
  context in != NULL && out != NULL;
  context \pointer_length(in) == 2 * get_local_size(0) * get_num_groups(0);
  context \pointer_length(out) == get_local_size(0) * get_num_groups(0);
  context Perm(&in[2 * get_global_id(0)], 1\2) ** Perm(&in[2 * get_global_id(0) + 1], 1\2);
  context Perm(&out[get_global_id(0)], write);
  requires 0 <= in[2 * get_global_id(0)] && in[2 * get_global_id(0)] <= 1000;
  requires 0 <= in[2 * get_global_id(0) + 1] && in[2 * get_global_id(0) + 1] <= 1000;
  ensures out[get_global_id(0)] == in[2 * get_global_id(0)] + in[2 * get_global_id(0) + 1];
@*/
__kernel void pair_sums(__global int *in, __global int *out) {
  int t = get_global_id(0);
  int2 v = vload2(t, in) /*@ given {r = 1\2} @*/;
  //@ ghost int big;
  out[t] = pair_sum(v.x, v.y) /*@ given {lo = 0} @*/ /*@ yields {big = both} @*/;
  //@ assert big == 1;
}
