//: expect fail assert 16
// A helper calling a helper that uses ids passes its own (the caller's) ids on: the
// inner helper's result is the calling work item's local id, so the assertion that
// every work item got 0 is false.
/*@ ensures \result == get_local_id(0); @*/
int inner(void) { return get_local_id(0); }

/*@ ensures \result == get_local_id(0) + 1; @*/
int outer(void) {
  int x = inner();
  return x + 1;
}

__kernel void k(__global int *out) {
  int v = outer();
  //@ assert v == 1;
}
