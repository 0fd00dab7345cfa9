//: expect verified
// A functional specification with pure functions, written as VerCors writes them in
// C: the ghost function `poly` (an annotation of its own) says what each work item
// computes; the C helper `horner` is marked `/*@ pure @*/`, so its one `return` is its
// definition, in code and in annotations alike. The inputs are bounded, so that C's
// int never overflows in horner's body (its precondition, checked at every call).
/*@ pure int poly(int x) = 3 * x * x + 2 * x + 1; @*/

/*@ requires -1000 <= x && x <= 1000; pure @*/
int horner(int x) { return (3 * x + 2) * x + 1; }

/*@
  context n >= 0 && in != NULL && out != NULL;
  context \pointer_length(in) == n && \pointer_length(out) == n;
  context get_global_id(0) < n ==> Perm(&in[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  context get_global_id(0) < n ==> -1000 <= in[get_global_id(0)] && in[get_global_id(0)] <= 1000;
  ensures get_global_id(0) < n ==> out[get_global_id(0)] == poly(in[get_global_id(0)]);
@*/
__kernel void evaluate(__global const int *in, __global int *out, int n) {
  size_t g = get_global_id(0);
  if (g < n)
    out[g] = horner(in[g]);
}
