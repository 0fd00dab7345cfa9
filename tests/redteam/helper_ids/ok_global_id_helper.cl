//: expect verified
// A helper with a contract that uses the thread's ids is verified on its own, for
// the thread that calls it: its ids and sizes are bound to the caller's at each call
// (docs/language.md §11.2). Each work item writes its own cell through it.
/*@ requires out != NULL && \pointer_length(out) == get_global_size(0);
    requires Perm(&out[get_global_id(0)], write);
    ensures Perm(&out[get_global_id(0)], write) ** out[get_global_id(0)] == v; @*/
void store_mine(__global int *out, int v) {
  out[get_group_id(0) * get_local_size(0) + get_local_id(0)] = v;
}

/*@ ensures \result == get_global_id(0); @*/
int my_id(void) { return get_local_id(0) + get_local_size(0) * get_group_id(0); }

/*@ context out != NULL && \pointer_length(out) == get_global_size(0);
    context Perm(&out[get_global_id(0)], write);
    ensures out[get_global_id(0)] == get_global_id(0) + 1; @*/
__kernel void k(__global int *out) {
  int g = my_id();
  store_mine(out, g + 1);
}
