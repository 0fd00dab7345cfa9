//: expect verified
// Every uchar cell is at most 255, read under a quantifier too (docs/soundness.md, cause
// 49): before, the unquantified `assert a[1] <= 255` was proved but the quantified one
// failed, with a "counterexample (replayed)" a[0] = 256.
/*@ context get_global_size(0) == 1;
    context a != NULL && \pointer_length(a) == 4;
    context (\forall* int i; 0 <= i && i < 4; Perm(&a[i], write)); @*/
__kernel void k(__global uchar *a) {
  //@ assert a[1] <= 255;
  //@ assert (\forall int i; 0 <= i && i < 4; a[i] <= 255);
}
