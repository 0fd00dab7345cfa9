//: expect fail vacuous 6
// WRONG: a helper whose precondition (uchar cells == 300) is unsatisfiable proves
// `ensures false` after one read of a cell, with no vacuity report (kprove: verified).
/*@ requires a != NULL && \pointer_length(a) == 4;
    requires (\forall* int i; 0 <= i && i < 4; Perm(&a[i], write));
    requires (\forall int i; 0 <= i && i < 4; a[i] == 300);
    ensures false; @*/
void h(__global uchar *a) {
  uchar x = a[0];
}
/*@ context get_global_size(0) == 1;
    context a != NULL && \pointer_length(a) == 4;
    context (\forall* int i; 0 <= i && i < 4; Perm(&a[i], write)); @*/
__kernel void k(__global uchar *a) {
  a[0] = 1;
}
