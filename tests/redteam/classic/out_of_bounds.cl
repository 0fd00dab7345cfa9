//: expect fail bounds 9
// WRONG: out has global_size cells but item g also writes out[g + global_size].
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
@*/
__kernel void k(__global int *out) {
  out[get_global_id(0)] = 1;
  out[get_global_id(0) + get_global_size(0)] = 2; // <-A
}
