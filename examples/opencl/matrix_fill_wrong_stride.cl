//: expect fail bounds 9  //: flags --int-math (in C the index product overflows int for a large enough launch and the contract does not bound the sizes: the default mode reports error[overflow]; this example is about the permission layout)
//: expect fail injectivity 9
//: expect fail framing 10
//: expect fail perm.write 16
// Failing sibling of matrix_fill.cl: the row stride is the height, not the width, so two
// work items may claim one cell.
/*@
  context m != NULL && \pointer_length(m) == get_global_size(0) * get_global_size(1);
  context Perm(&m[get_global_id(1) * get_global_size(1) + get_global_id(0)], write);
  ensures m[get_global_id(1) * get_global_size(0) + get_global_id(0)] == get_global_id(0);
@*/
__kernel void fill(__global int *m) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  int width = get_global_size(0);
  m[row * width + col] = col;
}
