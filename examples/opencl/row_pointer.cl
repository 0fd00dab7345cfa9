//: expect verified
// Each work item copies its row of n floats from src to dst through row pointers
// (src + gid * n, dst + gid * n) indexed row[j]: a pointer is an offset into one array.
/*@
  context n > 0 && n <= 64 && get_global_size(0) <= 1024;
  context src != NULL && dst != NULL;
  context \pointer_length(src) == get_global_size(0) * n && \pointer_length(dst) == get_global_size(0) * n;
  context (\forall* int j; 0 <= j && j < n; Perm(&src[get_global_id(0) * n + j], 1\2));
  context (\forall* int j; 0 <= j && j < n; Perm(&dst[get_global_id(0) * n + j], write));
  ensures (\forall int j; 0 <= j && j < n; dst[get_global_id(0) * n + j] == src[get_global_id(0) * n + j]);
@*/
__kernel void copy_rows(__global const float *src, __global float *dst, int n) {
  int gid = get_global_id(0);
  __global const float *in = src + gid * n;
  __global float *out = dst + gid * n;
  /*@
    loop_invariant 0 <= j && j <= n;
    loop_invariant (\forall* int i; 0 <= i && i < n; Perm(&in[i], 1\2));
    loop_invariant (\forall* int i; 0 <= i && i < n; Perm(&out[i], write));
    loop_invariant (\forall int i; 0 <= i && i < j; out[i] == in[i]);
  @*/
  for (int j = 0; j < n; j++) {
    out[j] = in[j];
  }
}
