//: expect fail perm.read 4
// WRONG: a C declaration marked pure, without a body, whose postcondition reads a[0]
// with no permission: two calls around a write contradicted each other (cause 46).
/*@ requires a != NULL && \pointer_length(a) > 0; ensures \result == a[0]; pure @*/
int g(__global int *a);
/*@
  context a != NULL && \pointer_length(a) == 4;
  context get_global_id(0) == 0 ==> Perm(&a[0], write);
  requires get_global_size(0) == 1;
@*/
__kernel void k(__global int *a) {
  if (get_global_id(0) == 0) {
    a[0] = 5;
    int v = g(a);
    a[0] = 6;
    int w = g(a);
    //@ assert v == w;
    //@ assert 1 == 2;
  }
}
