//: expect fail assert 13
// (Fixed: docs/soundness.md, cause 51: one binder of coefficient 1 at most.)
// CRASH: kprove segfaults (exit 139) on any quantifier over two int binders that reads a
// cell at an index in which BOTH binders have coefficient 1 (a[i + j]); the assertion is
// in fact true. vcgen/triggers.cpp forallWithIndexForms: linearIndexOf returns coef ==
// nullptr (meaning 1) for both binders, `low` takes the first, and the other's null
// coefficient is passed to div(rest, c) -> term::div -> foldRational dereferences null.
// Same crash with nested \forall (merged), in a kernel precondition (seen first with the
// cell-range vacuity check) and in PVL (requires of a method). Seeds 0-4: all exit 139.
/*@ context a != NULL && \pointer_length(a) == 4 && get_global_size(0) == 1;
    context (\forall* int i; 0 <= i && i < 4; Perm(&a[i], 1\2)); @*/
__kernel void k(__global int *a) {
  //@ assert (\forall int i, int j; 0 <= i && i < 2 && 0 <= j && j < 2; a[i + j] == a[j + i] + 1);
}
