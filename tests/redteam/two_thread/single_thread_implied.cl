//: expect fail assert 6
//: flags --local_size=1 --num_groups=1
// The same under an implication: the consequent's one-thread conjunct is an atom of its own.
__kernel void k(int n) {
  int x = 3;
  __assert(__implies(n > 0, x == 5 && __uniform_int(x)));
}
