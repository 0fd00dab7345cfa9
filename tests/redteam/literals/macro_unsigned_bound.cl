//: expect fail bounds 14
// WRONG: LO is the unsigned int 0u, so `LO <= x` compares (unsigned)x with 0 and
// holds for every x: x = -5 meets the precondition and a[x] reads out of bounds.
// kprove replaced the macro by a bare (signed) 0, read the bound as 0 <= x and
// verified the kernel.
#define LO 0u
/*@
  context a != NULL && \pointer_length(a) == 16;
  context (\forall* int i; 0 <= i && i < 16; Perm(&a[i], 1\2));
  requires LO <= x && x < 16;
  requires get_local_size(0) == 1 && get_num_groups(0) == 1;
@*/
__kernel void k(__global int *a, int x) {
  int v = a[x]; // <-A
}
