//: expect verified
// CONTROL: memcpy in an inlined helper between disjoint parts of one buffer
// memcpy in a helper that uses thread ids (inlined), overlapping
void cp(__global int *d, __global int *s) { size_t g = get_global_id(0); __builtin_memcpy(d + g, s + g, 2 * sizeof(int)); }
/*@ context get_global_size(0) == 1;
    context a != NULL && \pointer_length(a) == 4;
    context Perm(&a[0], write) ** Perm(&a[1], write) ** Perm(&a[2], write) ** Perm(&a[3], write); @*/
__kernel void k(__global int *a) {
  cp(a + 2, a);
}
