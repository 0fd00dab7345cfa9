//: expect failed assert 7
// no thread ids: (uint)c - 1u wraps to 4294967295u for c == 0; (int) of it is -1
/*@ context a != NULL && \pointer_length(a) == get_global_size(0);
    context Perm(&a[get_global_id(0)], write); @*/
__kernel void k(__global int *a, uchar c) {
  int j = (uint)c - 1u;
  //@ assert j >= 0;
  a[get_global_id(0)] = j;
}
