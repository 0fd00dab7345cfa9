//: expect verified
// CONTROL for the cell-range vacuity fix: a satisfiable quantified precondition on char cells
// (-56 is in range) and each work item writing its own cell: verified on seeds 0-4.
/*@ context get_global_size(0) == 4 && get_num_groups(0) == 1;
    context a != NULL && \pointer_length(a) == 4 && out != NULL && \pointer_length(out) == 4;
    context Perm(&a[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
    requires (\forall int i; 0 <= i && i < 4; i == get_global_id(0) ==> a[i] == -56);
    ensures out[get_global_id(0)] == -56; @*/
__kernel void k(__global char *a, __global int *out) {
  char c = a[get_global_id(0)];
  out[get_global_id(0)] = c;
}
