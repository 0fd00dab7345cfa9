//: expect fail perm.write 11
//: may also fail bounds 11
// WRONG: get_global_offset(0) is the same for every work item, so all of them write one
// cell (and, with an offset, get_global_id(0) is not grp*lsz+lid either).
// Correct verdict: perm.write if modelled, else `unsupported`.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  out[get_global_offset(0)] = 1; // <-A
}
