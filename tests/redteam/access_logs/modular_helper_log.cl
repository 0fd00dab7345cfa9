//: expect invalid unsupported 6
// A helper with a contract is verified on its own, without the kernel thread's access
// logs: its access-history predicates are rejected (not dropped, not assumed).
int first(__global int *p) {
  __requires(p != NULL);
  __requires(__no_read(p));
  return 0;
}
__kernel void k(__global int *a) {
  int x = first(a);
}
