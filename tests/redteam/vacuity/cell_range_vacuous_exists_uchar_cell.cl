//: expect fail vacuous 7
// WRONG: as vacuous_quantified_uchar_cell_bounds.cl with \exists: some uchar cell holding 300
// is impossible; after reading all four cells `assert false` verifies (seeds 0-4).
/*@ context get_global_size(0) == 1;
    context a != NULL && \pointer_length(a) == 4;
    context (\forall* int i; 0 <= i && i < 4; Perm(&a[i], write));
    requires (\exists int i; 0 <= i && i < 4; a[i] == 300); @*/
__kernel void k(__global uchar *a) {
  uchar x = a[0]; uchar y = a[1]; uchar z = a[2]; uchar w = a[3];
  //@ assert false;
}
