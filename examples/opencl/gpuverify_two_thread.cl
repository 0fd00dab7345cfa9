//: expect verified
// GPUVerify's two-thread predicates (docs/language.md §11.9): claims about the thread
// executing the annotation and a second, arbitrary thread of the launch at the same point
// of a lock-step run. `steps` and `s` are the same in every thread (the loop is uniform),
// global ids differ between any two threads, local ids only within one group, and one
// thread at most has global id 0.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void strides(__global int *out, int n) {
  __requires(0 < n && n <= 1024);
  int steps = 0;
  for (int s = 1; __invariant(__uniform_int(s)), __invariant(__uniform_int(steps)),
                  __invariant(1 <= s && s <= 2 * n && 0 <= steps && steps <= s),
                  s < n; s *= 2) {
    steps++;
  }
  __assert(__uniform_int(steps));
  __assert(__distinct_int(get_global_id(0)));
  __assert(__implies(get_group_id(0) == __other_int(get_group_id(0)),
                     __distinct_int(get_local_id(0))));
  __assert(__exclusive(get_global_id(0) == 0));
  __assert(__all(get_local_id(0) < get_local_size(0)));
  out[get_global_id(0)] = steps;
}
