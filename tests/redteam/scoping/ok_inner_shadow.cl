//: expect verified
// CONTROL (near-miss of inner_block_shadow.cl): the outer i is the global id, the inner
// block's i is a different, harmless value used only for a local; must verify.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 2;
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0);
  int t = 0;
  {
    int i = 0;
    t = i + 1;
  }
  out[i] = t + 1;
}
