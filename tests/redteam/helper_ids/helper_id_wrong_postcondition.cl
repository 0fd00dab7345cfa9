//: expect fail post 5
// The helper's postcondition speaks of the global id but its body returns the local
// one: verified on its own for any caller, it fails (work groups after the first).
/*@ requires get_num_groups(0) >= 2;
    ensures \result == get_global_id(0); @*/
int my_id(void) { return get_local_id(0); }

/*@ context get_num_groups(0) >= 2; @*/
__kernel void k(__global int *out) {
  int g = my_id();
}
