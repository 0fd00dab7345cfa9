//: expect fail assert 15
// The claim sits in a branch the threads do not all take: a second thread that did not take
// it, at the same point of the lock-step run, has steps == 0 while this one has 1.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void strides(__global int *out, int n) {
  __requires(0 < n && n <= 1024);
  int steps = 0;
  if (get_local_id(0) % 2 == 0) {
    steps = 1;
  }
  __assert(steps <= 1);
  __assert(__uniform_int(steps));
  out[get_global_id(0)] = steps;
}
