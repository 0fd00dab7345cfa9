//: expect invalid unsupported 14
// WRONG: q, declared in the same block as t, points into t; copying q into the
// outer p lets p outlive t. Correct verdict: unsupported at `p = q`.
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  int s[2] = {0, 0};
  int *p = s;
  {
    int t[2] = {3, 4};
    int *q = t + 1;
    p = q; // <-A
  }
  a[get_global_id(0)] = *p;
}
