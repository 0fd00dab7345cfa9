//: expect fail post 7
// WRONG: select looks at the most significant bit of the mask, not at whether it
// is non-zero: a mask component 1 selects from the first argument.
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 7;
@*/
__kernel void k(__global int *a) {
  int2 r = select((int2)(1, 2), (int2)(7, 8), (int2)(1, 0));
  a[get_global_id(0)] = r.x;
}
