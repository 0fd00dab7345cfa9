//: expect fail assert 19
// (Fixed: docs/soundness.md, cause 50: the second thread's memory reads are unknown.)
// WRONG: kprove verifies. Every work item writes A[gid] = 0; then, in lock-step, work item 0
// claims that the second thread reads a different value from A[0] than it does. Memory is
// shared: the second thread (any other work item, enabled here: no thread-dependent control
// before the assert) reads A[0] after work item 0 wrote 0 to it, so both read 0 and
// __distinct_int(A[0]) is false (also under GPUVerify's adversarial/equality abstractions:
// the two reads may be/are equal). kprove models the second thread's memory as the renamed
// copy of this thread's heap: the launch's initial heap plus only the second thread's OWN
// writes, so it sees the stale initial value 5 at A[0] (vcgen/expr_encoder.cpp encodeOther,
// otherThreadCopy of st_.heap), and proves 0 != 5.
/*@
  context A != NULL && \pointer_length(A) == get_global_size(0);
  context Perm(&A[get_global_id(0)], write);
  requires A[get_global_id(0)] == 5;
@*/
__kernel void k(__global int *A) {
  A[get_global_id(0)] = 0;
  __assert(__implies(get_global_id(0) == 0, __distinct_int(A[0])));
}
