//: expect fail post 16
// Failing sibling of pointer_helper.cl, one deliberate bug: copy_cell's contract keeps its
// permissions but no longer says what it stores, so the kernel cannot know out[gid].
/*@
  context dst != NULL && src != NULL && \pointer_length(dst) >= 1 && \pointer_length(src) >= 1;
  context Perm(&dst[0], write) ** Perm(&src[0], 1\2);
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
  copy_cell(out + gid, &in[gid]);
}
