//: expect verified
// CONTROL for vacuous_quantified_char_cell_race.cl: a satisfiable value (-56, what the byte 200 reads as in a signed char) and each item writing its own cell.
/*@ context get_global_size(0) == 4 && get_num_groups(0) == 1;
    context a != NULL && \pointer_length(a) == 4 && out != NULL && \pointer_length(out) == 4;
    context Perm(&a[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
    requires (\forall int i; 0 <= i && i < 4; i == get_global_id(0) ==> a[i] == -56); @*/
__kernel void k(__global char *a, __global int *out) {
  char c = a[get_global_id(0)];
  out[get_global_id(0)] = c;
}
