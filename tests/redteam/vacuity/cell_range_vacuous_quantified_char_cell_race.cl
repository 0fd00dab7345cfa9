//: expect fail vacuous 12
// WRONG: char is signed in OpenCL C, so no cell of `a` can hold 200: the precondition
// is unsatisfiable for every thread (the non-quantified `requires a[g] == 200` is
// reported `vacuous`). Every work item then writes out[0] (a data race, and a write
// without permission). kprove says "verified" on seeds 0-4: the vacuity queries read
// heap cells as unbounded integers (no range facts for a[i] under a quantifier), so the
// precondition has a model; the read `a[get_global_id(0)]` then adds the char range,
// which contradicts the precondition, and everything after the read is proved vacuously.
/*@ context get_global_size(0) == 4 && get_num_groups(0) == 1;
    context a != NULL && \pointer_length(a) == 4 && out != NULL && \pointer_length(out) == 4;
    context Perm(&a[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
    requires (\forall int i; 0 <= i && i < 4; i == get_global_id(0) ==> a[i] == 200);
@*/
__kernel void k(__global char *a, __global int *out) {
  char c = a[get_global_id(0)];
  out[0] = c;
}
