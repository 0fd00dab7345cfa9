//: expect verified
// An OpenCL program-scope __constant variable's contents are its initialiser (the
// host cannot change them), also for arrays of vectors (one array per component);
// cells the initialiser leaves out are 0.
__constant int3 c[2] = {{0, 0, 0}, {1, 2, 3}};
__constant int t[3] = {5, 6};

/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 8;
@*/
__kernel void k(__global int *a) {
  __assert(c[0].x == 0 && c[1].x == 1);
  a[get_global_id(0)] = c[1].z + t[0] + t[2];
}
