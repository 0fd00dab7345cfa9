//: expect invalid unsupported 14
// WRONG: *p reads x after the block that declares x has ended: x's lifetime is over
// (C11 6.2.4), p dangles, and y may occupy x's storage. kprove kept the kernel's
// locals for the whole kernel and verified. Correct verdict: unsupported at the
// assignment that lets p outlive x.
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  int *p;
  {
    int x = 4;
    p = &x; // <-A
  }
  {
    int y = 7;
    a[get_global_id(0)] = y;
  }
  __assert(*p == 4);
  a[get_global_id(0)] = *p;
}
