//: expect fail assert 14
// (Fixed: docs/soundness.md, cause 50.)
// WRONG: kprove verifies. Every work item sets its own cell to 1; work item 0 then claims the
// second thread reads 0 from A[0]. But work item 0 wrote 1 to A[0] before that point of the
// lock-step run, so the second thread (another work item, enabled: uniform control) reads 1.
// kprove's second thread sees the launch's initial heap at every cell it did not write itself.
/*@
  context A != NULL && \pointer_length(A) == get_global_size(0);
  context Perm(&A[get_global_id(0)], write);
  requires A[get_global_id(0)] == 0;
@*/
__kernel void k(__global int *A) {
  A[get_global_id(0)] = 1;
  __assert(__implies(get_global_id(0) == 0, __other_int(A[0]) == 0));
}
