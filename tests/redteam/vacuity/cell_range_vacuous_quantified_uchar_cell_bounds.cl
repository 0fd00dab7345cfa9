//: expect fail vacuous 8
// WRONG: a uchar cell cannot hold 300, so the precondition is unsatisfiable; the
// kernel then writes a[a[0]] (out of bounds were a[0] really 300). kprove: verified
// (seeds 0-4). Same mechanism as vacuous_quantified_char_cell_race.cl.
/*@ context get_global_size(0) == 1;
    context a != NULL && \pointer_length(a) == 4;
    context (\forall* int i; 0 <= i && i < 4; Perm(&a[i], write));
    requires (\forall int i; 0 <= i && i < 4; a[i] == 300);
@*/
__kernel void k(__global uchar *a) {
  uchar x = a[0];
  a[x] = 1;
}
