//: expect fail vacuous 4
// One clause that is a contradictory conjunction: that clause is blamed.
/*@
  requires get_local_size(0) == 64 && get_local_size(0) == 32;
@*/
__kernel void racy(__global int *a) {
  a[0] = get_global_id(0);
}
