//: expect failed pre 8
// WRONG: f requires that the second thread's x is 12345; every work item passes 0.
int f(int x) {
  __requires(__other_int(x) == 12345);
  return 7;
}
__kernel void k(int n) {
  int r = f(0);
}
