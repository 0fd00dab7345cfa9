//: expect fail assert 12
//: may also fail loop.preserve 8
// Work item 0 sets x = 5 in the branch the others skip: x is no longer the same in every
// thread, and at the assert in the else branch work item 0 (not enabled there) holds 5.
// A loop-head two-thread assumption holds only while the second thread is here too.
__kernel void k(int n) {
  int x = 0;
  for (int i = 0; __invariant(__uniform_int(x)), i < n; i++) {
    if (get_local_id(0) == 0) {
      x = 5;
    } else {
      __assert(__uniform_int(x));
    }
  }
}
