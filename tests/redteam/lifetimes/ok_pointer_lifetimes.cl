//: expect verified
// CONTROL: every pointer lives no longer than what it points to: p (kernel level)
// points to the kernel-level s; q, inside the block, points to the block's t and
// to the outer s; the block's own pointer dies with it.
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 7;
@*/
__kernel void k(__global int *a) {
  int s[2] = {3, 4};
  int *p = s;
  {
    int t[2] = {1, 2};
    int *q = t;
    q = q + 1;
    s[0] = *q + 1;
    q = s;
    p = s + 1;
  }
  a[get_global_id(0)] = s[0] + *p;
}
