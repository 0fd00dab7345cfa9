//: expect fail loop.entry 9
//: flags --local_size=1 --num_groups=1
// A launch of one thread has no second thread: the pair's facts contradict. The invariant's
// conjunct about this thread alone (x == 5, false: x is 3) must still be checked, not
// proved vacuously with the two-thread conjunct (docs/soundness.md, cause 50). Before the
// fix only an __assert's conjuncts were split; invariants and postconditions were not.
__kernel void k(int n) {
  int x = 3;
  for (int i = 0; __invariant(x == 5 && __uniform_int(x)), i < n; i++) {
  }
  __assert(x == 5);
}
