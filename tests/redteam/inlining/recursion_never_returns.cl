//: expect invalid unsupported 5
// WRONG: work item 0 calls a helper that never returns, so it never reaches the
// barrier and its group hangs; proved partially correct, everything after the call
// was vacuous (red team 2026-11-28). OpenCL C has no recursion (§6.9): rejected.
int f(int x) { return f(x); }
/*@ context a != NULL && \pointer_length(a) == get_global_size(0);
    context Perm(&a[get_global_id(0)], write); @*/
__kernel void k(__global int *a) {
  if (get_local_id(0) == 0) a[get_global_id(0)] = f(0);
  barrier(CLK_GLOBAL_MEM_FENCE);
  a[get_global_id(0)] = 1;
}
