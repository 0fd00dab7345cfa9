//: expect fail vacuous 7
// WRONG: n is one kernel argument for all work items, so n == get_global_id(0) holds for
// at most one of them: satisfiable per thread, unsatisfiable for any launch of two or
// more items. Expected: vacuous on the clause.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  requires n == get_global_id(0); // <-A
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out, int n) {
  out[n] = 1;
}
