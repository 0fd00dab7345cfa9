//: expect fail assert 17
// Red team 2026-11-29: a struct initialiser that leaves fields out (they are 0) and
// one of an array field were rejected, reported at 1:1. The last assertion is false:
// p[0].c is 0.
struct S { int a; int b; int c; };
struct T { int a[4]; int n; };
/*@ context get_local_size(0) == 1 && get_num_groups(0) == 1;
    context p != NULL && \pointer_length(p) == 1 && Perm(&p[0], write); @*/
__kernel void k(__global struct S *p) {
  struct S s = {1};
  p[0] = s;
  //@ assert p[0].a == 1 && p[0].b == 0 && p[0].c == 0;
  struct T t = {{1, 2}, 7};
  struct T u = {{1, 2, 3, 4}};
  int x = t.a[1] + t.a[3] + t.n + u.a[3] + u.n;
  //@ assert x == 2 + 0 + 7 + 4 + 0;
  //@ assert p[0].c == 1;
}
