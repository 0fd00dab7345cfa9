//: expect failed assert 7
// size_t arithmetic: get_local_id(0) - 1 is 2^64 - 1 for lid 0; as long it is -1
/*@ context a != NULL && \pointer_length(a) == get_global_size(0);
    context Perm(&a[get_global_id(0)], write); @*/
__kernel void k(__global int *a) {
  long d = get_local_id(0) - 1;
  //@ assert d >= 0;
  a[get_global_id(0)] = 0;
}
