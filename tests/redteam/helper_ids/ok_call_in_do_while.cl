//: expect verified
// Red team 2026-11-29: a call of a helper that uses ids inside a do-while (whose body
// the lowering runs twice) or a switch's fall-through was rejected with a wrong
// arity error (the ids were passed once per copy).
/*@ ensures \result == get_local_id(0); @*/
int my_lid(void) { return get_local_id(0); }

/*@ context get_local_size(0) <= 1024; @*/
__kernel void k(__global int *out, int n) {
  int x = 0;
  do {
    x = my_lid();
  } while (0);
  //@ assert x == get_local_id(0);
  switch (n) {
  case 1:
    x = 0;
  case 2:
    x = my_lid();
    break;
  default:
    x = my_lid();
  }
  //@ assert x == get_local_id(0);
}
