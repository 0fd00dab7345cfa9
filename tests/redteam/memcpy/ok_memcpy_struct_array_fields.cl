//: expect verified
// CONTROL: memcpy/memset of struct variables with array and nested-struct fields (each leaf copied; 0x01010101 per int)
// memcpy of struct variables with array and nested struct fields
typedef struct { int u; int v; } In;
typedef struct { int a[2]; In n; } S;
__kernel void k(__global int *out) {
  S v; S w;
  v.a[0] = 1; v.a[1] = 2; v.n.u = 3; v.n.v = 4;
  w.a[0] = 0; w.a[1] = 0; w.n.u = 0; w.n.v = 0;
  __builtin_memcpy(&w, &v, sizeof(S));
  int t1 = w.a[1]; int t2 = w.n.v;
  //@ assert t1 == 2 && t2 == 4;
  S z;
  __builtin_memset(&z, 1, sizeof(S));
  int t3 = z.a[1]; int t4 = z.n.u;
  //@ assert t3 == 16843009 && t4 == 16843009;
}
