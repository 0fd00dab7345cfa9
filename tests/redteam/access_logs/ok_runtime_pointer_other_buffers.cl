//: expect verified
// Control for runtime_pointer_write.cl: q is b or o, and the precondition's write
// permissions to a[g], b[g] and o[g] make a a buffer of its own, so a write through q
// is logged only where it may land (in b's or o's log), and a's log stays empty.
/*@
  context get_global_size(0) <= 1000 && a != NULL && b != NULL && o != NULL;
  context \pointer_length(a) == get_global_size(0) && \pointer_length(b) == get_global_size(0) && \pointer_length(o) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write) ** Perm(&b[get_global_id(0)], write) ** Perm(&o[get_global_id(0)], write);
@*/
__kernel void k(__global int *a, __global int *b, __global int *o, int c) {
  __global int *q;
  if (c) q = b; else q = o;
  q[get_global_id(0)] = 1;
  __assert(__no_write(a));
  __assert(!__write(a));
}
