//: expect verified
// Every work item writes the first of its four cells, out[4 * g]. The index is computed
// in size_t, which cannot overflow for any launch (the global size fits an int).
/*@
  context out != NULL && \pointer_length(out) == 4 * get_global_size(0);
  context Perm(&out[4 * get_global_id(0)], write);
  ensures out[4 * get_global_id(0)] == 1;
@*/
__kernel void stride4(__global int *out) {
  size_t g = get_global_id(0);
  out[4 * g] = 1;
}
