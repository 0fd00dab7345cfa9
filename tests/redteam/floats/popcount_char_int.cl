//: expect fail post 9
// WRONG: popcount((char)-1) is 8 and popcount(-1) of an int is 32: the count is over
// the bits of the argument's type. kprove used to name both $fn_popcount(-1) (whose
// int and char results agree when the int one is at most 127) and proved
// out[i] == 0.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 0; // <-A
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0);
  char c = -1;
  int w = -1;
  int pw = popcount(w), pc = popcount(c);
  if (0 <= pw && pw <= 127) out[i] = pw - pc; else out[i] = 0; // 32 - 8
}
