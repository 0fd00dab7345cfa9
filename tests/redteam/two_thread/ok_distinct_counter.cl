//: expect verified
// A two-thread loop invariant assumed at the head of each iteration (vcgen/two_thread.h): the
// counters start at distinct global ids and step in lock-step, so they stay distinct while
// both threads loop.
__kernel void k(int n) {
  __requires(n < 1000);
  for (int i = get_global_id(0);
       __invariant(__implies(__uniform_bool(__enabled()), __distinct_int(i))),
       __invariant(i >= 0),
       i < n; i++) {
    __assert(__implies(__uniform_bool(__enabled()), __distinct_int(i)));
  }
}
