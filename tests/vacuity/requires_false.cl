//: expect fail vacuous 5
// `requires false` made every kernel verify, races included. Now the
// precondition must be satisfiable for one thread.
/*@
  requires false;
@*/
__kernel void racy(__global int *a) {
  a[0] = get_global_id(0);
}
