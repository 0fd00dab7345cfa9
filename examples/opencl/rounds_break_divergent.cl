//: expect fail barrier.divergence 24
// Wrong: the work item whose local id is `stop` leaves the loop at once; the others go on
// to the barrier, which that work item never reaches (barrier divergence).
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
    if (get_local_id(0) == stop)
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
