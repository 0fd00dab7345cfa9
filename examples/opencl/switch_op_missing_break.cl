//: expect fail post 8  //: flags -D BIAS=7
// Wrong: the cases OP_CLEAR and OP_ZERO lack their break and fall through into OP_SHIFTED
// and OP_SET: the cell ends up BIAS, not 0.
enum op { OP_CLEAR, OP_SET, OP_SHIFTED, OP_ZERO };
/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures op == OP_CLEAR || op == OP_ZERO ==> a[get_global_id(0)] == 0;
  ensures op == OP_SET ==> a[get_global_id(0)] == BIAS;
  ensures op == OP_SHIFTED ==> a[get_global_id(0)] == BIAS + 1;
  ensures op < OP_CLEAR || op > OP_ZERO ==> a[get_global_id(0)] == -1;
@*/
__kernel void switch_op(__global int *a, int op) {
  int g = get_global_id(0);
  int shift = 0;
  switch (op) {
  case OP_CLEAR:
  case OP_ZERO:
    a[g] = 0;
  case OP_SHIFTED:
    shift = 1;
    // falls through
  case OP_SET:
    a[g] = BIAS + shift;
    break;
  default:
    a[g] = -1;
  }
}
