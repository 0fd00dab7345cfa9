//: expect verified
// Rounds: the work group runs up to `rounds` rounds separated by barriers and stops early,
// with `break`, at round `stop`. The break's condition is the same for every work item (a
// parameter and the loop counter), so all of them reach the same barriers.
/*@
  requires rounds >= 0;
  context buf != NULL && \pointer_length(buf) == get_local_size(0);
  context Perm(&buf[get_local_id(0)], write);
  ensures buf[get_local_id(0)] <= rounds;
@*/
__kernel void rounds_break(__local int *buf, int rounds, int stop) {
  int r = 0;
  buf[get_local_id(0)] = 0;
  /*@
    loop_invariant 0 <= r && r <= rounds;
    loop_invariant Perm(&buf[get_local_id(0)], write) ** buf[get_local_id(0)] == r;
  @*/
  while (r < rounds) {
    if (r == stop)
      break;
    /*@
      requires Perm(&buf[get_local_id(0)], write);
      ensures Perm(&buf[get_local_id(0)], write);
    @*/
    barrier(CLK_LOCAL_MEM_FENCE);
    r++;
    buf[get_local_id(0)] = r;
  }
}
