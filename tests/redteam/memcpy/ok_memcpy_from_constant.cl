//: expect verified
// CONTROL: memcpy from a __constant array whose third cell the initialiser leaves 0
__constant int c[3] = {5, 6};
/*@ context out != NULL && \pointer_length(out) == 2 * get_global_size(0);
    context Perm(&out[2*get_global_id(0)], write) ** Perm(&out[2*get_global_id(0)+1], write);
    ensures out[2*get_global_id(0)] == 6 && out[2*get_global_id(0)+1] == 0; @*/
__kernel void k(__global int *out) {
  __builtin_memcpy(&out[2*get_global_id(0)], c + 1, 2 * sizeof(int));
}
