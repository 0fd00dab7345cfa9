//: expect fail vacuous 9
// WRONG: x is one value for the whole launch, but work item 0 needs x == 0 and
// work item 1 needs x == 1. Two well-chosen items (0 and 2) meet the precondition
// together, so the two-thread vacuity check passed, and the race on out[0]
// between items 0 and 1 was "absent" vacuously. Expected: vacuous (all threads).
/*@
  context get_global_size(0) == 4 && get_local_size(0) == 4;
  context out != NULL && \pointer_length(out) == 2;
  requires x == get_global_id(0) % 2; // <-A
  requires Perm(&out[get_global_id(0) / 2], write);
@*/
__kernel void kern(__global int *out, int x) {
  out[get_global_id(0) / 2] = get_global_id(0);
}
