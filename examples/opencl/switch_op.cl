//: expect verified  //: flags -D BIAS=7
// Select: every work item sets its cell as the operation `op` says, with a switch whose
// cases break, share a label list, and fall through (OP_SHIFTED runs its own statement and
// then OP_SET's). The annotations name the enum constants and the macro BIAS, which the
// command line defines (-D BIAS=7).
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
    break;
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
