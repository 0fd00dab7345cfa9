//: expect fail loop.preserve 13
//: may also fail loop.entry 13
// A loop whose exit depends on the thread: threads leave it after different numbers of
// iterations, so `s` is not the same in two threads at the loop's head (one may have left
// with its last value while the other goes on).
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void strides(__global int *out, int n) {
  __requires(0 < n && n <= 1024);
  int steps = 0;
  for (int s = 1; __invariant(__uniform_int(s)),
                  __invariant(1 <= s && s <= 2 * n && 0 <= steps && steps <= s),
                  s < n && s <= get_local_id(0); s *= 2) {
    steps++;
  }
  out[get_global_id(0)] = steps;
}
