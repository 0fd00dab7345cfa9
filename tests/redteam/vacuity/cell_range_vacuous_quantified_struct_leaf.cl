//: expect fail vacuous 8
// WRONG: a uchar struct field (leaf array a.c) claimed to hold 300 under a quantifier:
// unsatisfiable, unreported; assert false verifies after a read (kprove: verified).
typedef struct { uchar c; int v; } S;
/*@ context get_global_size(0) == 1;
    context a != NULL && \pointer_length(a) == 4;
    context (\forall* int i; 0 <= i && i < 4; Perm(&a[i].c, write));
    requires (\forall int i; 0 <= i && i < 4; a[i].c == 300); @*/
__kernel void k(__global S *a) {
  uchar x = a[0].c;
  //@ assert false;
}
