//: expect fail fn.pre 18
// Failing sibling of polynomial_pure.cl: nothing bounds the inputs, so a call of
// horner may break its precondition (its body would overflow int).
/*@ pure int poly(int x) = 3 * x * x + 2 * x + 1; @*/

/*@ requires -1000 <= x && x <= 1000; pure @*/
int horner(int x) { return (3 * x + 2) * x + 1; }

/*@
  context n >= 0 && in != NULL && out != NULL;
  context \pointer_length(in) == n && \pointer_length(out) == n;
  context get_global_id(0) < n ==> Perm(&in[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  ensures get_global_id(0) < n ==> out[get_global_id(0)] == poly(in[get_global_id(0)]);
@*/
__kernel void evaluate(__global const int *in, __global int *out, int n) {
  size_t g = get_global_id(0);
  if (g < n)
    out[g] = horner(in[g]);
}
