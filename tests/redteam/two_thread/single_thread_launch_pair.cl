//: expect fail assert 17
// (Fixed: docs/soundness.md, cause 50: an __assert's conjuncts about this thread alone are
// checked as any assertion.)
// WRONG (vacuity, lower severity): in a launch of ONE work item there is no second thread,
// so the pair facts of a two-thread claim ("another thread: its ids differ" + the id ranges)
// are contradictory and kprove proves the whole assertion, including its thread-local
// conjunct x == 5, which is false for the only work item (x is 3). `__assert(x == 5)` alone
// fails here; adding `&& __uniform_int(x)` makes it verify, with no `vacuous` report.
// (GPUVerify's pair reduction is equally vacuous with one thread, but the work item that
// runs the kernel evaluates x == 5 and it is false; kprove should at least report vacuity.)
// Seeds 0-4: verified. Also with --local_size=1 --num_groups=1 and no size clause.
/*@ context get_global_size(0) == 1;
    context out != NULL && \pointer_length(out) == 1;
    context Perm(&out[get_global_id(0)], write); @*/
__kernel void k(__global int *out) {
  int x = 3;
  __assert(x == 5 && __uniform_int(x));
  out[get_global_id(0)] = x;
}
