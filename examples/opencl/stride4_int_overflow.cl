//: expect fail overflow 11
// The same with an int index: 4 * g overflows int (undefined behaviour) once the launch
// has more than 536870911 work items, and nothing in the contract rules that out.
/*@
  context out != NULL && \pointer_length(out) == 4 * get_global_size(0);
  context Perm(&out[4 * get_global_id(0)], write);
  ensures out[4 * get_global_id(0)] == 1;
@*/
__kernel void stride4(__global int *out) {
  int g = get_global_id(0);
  out[4 * g] = 1;
}
