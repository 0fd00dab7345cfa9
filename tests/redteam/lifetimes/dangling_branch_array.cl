//: expect invalid unsupported 13
// WRONG: p points into t or u, private arrays of the if's branches, and is read
// after the branch ends. The postcondition was proved from the dead arrays.
// Correct verdict: unsupported at the first assignment that lets p outlive its
// target.
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 2;
@*/
__kernel void k(__global int *a, int c) {
  int *p;
  if (c) { int t[2] = {1, 2}; p = t; } // <-A
  else   { int u[2] = {5, 2}; p = u; }
  a[get_global_id(0)] = p[1];
}
