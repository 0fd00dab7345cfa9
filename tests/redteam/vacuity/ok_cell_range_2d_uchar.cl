//: expect verified
// (Fixed 2026-11-29: the evidence run fills the cells of nested \forall and of promoted
// `(int) a[x] == v` comparisons, so a concrete launch shows the precondition satisfiable.)
// FALSE ALARM (exit 3 on seeds 0, 1, 4; verified on 2, 3): a satisfiable precondition over
// uchar cells with a 2-D index form a[i*4+j] == 255 (in range) is reported
// `unknown[vacuous]: could not show that the precondition of kernel 'k' for one thread is
// satisfiable`. The same kernel on `int` cells, or the 1-D form (\forall i < 16; a[i] ==
// 255) on uchar cells, verifies on every seed: the new range facts for C cells read under
// quantifiers make the vacuity query of 2-D index forms undecidable for the solver.
/*@ context get_global_size(0) == 1;
    context a != NULL && \pointer_length(a) == 16;
    context (\forall* int i; 0 <= i && i < 16; Perm(&a[i], write));
    requires (\forall int i; 0 <= i && i < 4; (\forall int j; 0 <= j && j < 4; a[i*4+j] == 255)); @*/
__kernel void k(__global uchar *a) {
  //@ assert a[5] == 255;
}
