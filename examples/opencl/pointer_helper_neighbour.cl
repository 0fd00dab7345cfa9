//: expect fail pre 21
// Failing sibling of pointer_helper.cl, one deliberate bug: each work item passes its
// right neighbour's cell out + gid + 1 (a race on it; past the end for the last item).
/*@
  context dst != NULL && src != NULL && \pointer_length(dst) >= 1 && \pointer_length(src) >= 1;
  context Perm(&dst[0], write) ** Perm(&src[0], 1\2);
  ensures dst[0] == src[0];
@*/
void copy_cell(__global float *dst, __global const float *src) {
  *dst = *src;
}

/*@
  context in != NULL && out != NULL;
  context \pointer_length(in) == get_global_size(0) && \pointer_length(out) == get_global_size(0);
  context Perm(&in[get_global_id(0)], 1\2) ** Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == in[get_global_id(0)];
@*/
__kernel void copy(__global const float *in, __global float *out) {
  size_t gid = get_global_id(0);
  copy_cell(out + gid + 1, &in[gid]);
}
