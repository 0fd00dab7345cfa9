//: expect verified
// CONTROL: 2-D char array of strings and 3-D brace elision
// 2-D char array of strings, 3-D brace elision
__constant char names[2][4] = {"ab", "cde"};
__constant int m[2][2][2] = {{1, 2, 3}, {4}};
__kernel void k(__global int *out) {
  int a = names[1][2]; int b = names[0][2]; int c = names[1][3];
  int d = m[0][1][0]; int e = m[0][1][1]; int f = m[1][0][0]; int g = m[1][0][1];
  //@ assert a == 101 && b == 0 && c == 0;
  //@ assert d == 3 && e == 0 && f == 4 && g == 0;
}
