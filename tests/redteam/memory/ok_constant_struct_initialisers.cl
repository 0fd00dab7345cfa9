//: expect verified
// CONTROL: __constant array of structs with array, int3 (splat) and nested fields, partial and designated initialisers
// constant structs with array, vector and nested struct fields
typedef struct { short u; int v; } In;
typedef struct { int a[2]; int3 p; In n; char z; } S;
__constant S st[2] = {{{1, 2}, (int3)(3, 4, 5), {6, 7}, 8}, {{9}, (int3)(10), {.v = 11}, -1}};
__kernel void k(__global int *out) {
  int a = st[0].p.y; int b = st[0].n.v; int c = st[0].z; int d = st[1].p.z; int e = st[1].n.u; int f = st[1].n.v;
  int g = st[1].z; int h = st[0].a[1]; int i = st[1].a[1];
  //@ assert a == 4 && b == 7 && c == 8 && d == 10 && e == 0 && f == 11 && g == -1;
  //@ assert h == 2 && i == 0;
}
