//: expect verified
// Control: a kernel's __local array is an object of its own; writing it is never a
// write of the global buffer a, whose log stays empty.
/*@
  context get_local_size(0) == 64 && a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], 1\2);
  requires Perm(&s[get_local_id(0)], write);
@*/
__kernel void k(__global int *a) {
  __local int s[64];
  s[get_local_id(0)] = a[get_global_id(0)];
  __assert(__no_write(a));
}
