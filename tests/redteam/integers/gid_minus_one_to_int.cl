//: expect failed assert 7
// get_global_id(0) - 1 is size_t arithmetic: 2^64 - 1 for item 0, (int) of it is -1.
/*@ context a != NULL && \pointer_length(a) == get_global_size(0);
    context Perm(&a[get_global_id(0)], write); @*/
__kernel void k(__global int *a) {
  int left = get_global_id(0) - 1;
  //@ assert left >= 0;
  a[get_global_id(0)] = 0;
}
