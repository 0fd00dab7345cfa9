//: expect fail vacuous 6
// Satisfiable for one thread, but no two threads of a launch agree on n, and
// nothing forces a launch of one thread: the kernel can only ever be verified for
// launches it never gets.
/*@
  requires n == get_global_id(0);
@*/
__kernel void k(__global int *a, int n) {
  int x = n + 1;
}
