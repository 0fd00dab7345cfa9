//: expect fail post 10
// WRONG: a builtin on vectors acts on each component in the component type: each
// component of clz((uchar2)(1, 1)) is 7, of clz((int2)(1, 1)) 31, so out[i] is 24.
// The component-wise calls used to be the scalar function of the builtin's name
// alone, $fn_clz(1) for both x components (whose int and uchar results agree under
// the guard), and out[i] == 0 verified.
/*@
  context out != NULL && \pointer_length(out) == get_global_size(0);
  context Perm(&out[get_global_id(0)], write);
  ensures out[get_global_id(0)] == 0; // <-A
@*/
__kernel void k(__global int *out) {
  int i = get_global_id(0);
  uchar2 c = (uchar2)(1, 1);
  int2 w = (int2)(1, 1);
  uchar2 zc = clz(c);
  int2 zw = clz(w);
  int seven = zc.x, thirtyOne = zw.x;
  if (0 <= thirtyOne && thirtyOne < 256) out[i] = thirtyOne - seven; else out[i] = 0;
}
