//: expect fail post 9
// WRONG: c[1].y is 2, not 3, so the stored sum is 7.
__constant int3 c[2] = {{0, 0, 0}, {1, 2, 3}};
__constant int t[3] = {5, 6};

/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 8;
@*/
__kernel void k(__global int *a) {
  a[get_global_id(0)] = c[1].y + t[0] + t[2];
}
