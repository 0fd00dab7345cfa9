//: expect fail perm.write 15
//: may also fail bounds 15
// Red team 2026-11-29: with a given parameter the helper's thread ids were bound to
// the wrong arguments (the given value was appended after them), so d was not the
// local id and this race verified: thread i writes out[gid + i].
/*@ given int unused;
    ensures \result == get_local_id(0); @*/
int my_lid(void) { return get_local_id(0); }

/*@ context out != NULL && \pointer_length(out) == get_global_size(0);
    context Perm(&out[get_global_id(0)], write);
    requires get_local_size(0) <= 1024 && get_num_groups(0) <= 1024; @*/
__kernel void k(__global int *out) {
  int d = my_lid() /*@ given {unused = 2048} @*/;
  out[get_global_id(0) + d] = 1;
}
