//: expect verified  //: flags --int-math (in C the index product overflows int for a large enough launch and the contract does not bound the sizes: the default mode reports error[overflow]; this example is about the permission layout)
// A 2-D launch of symbolic size: work item (col, row) writes m[row * width + col] with
// width = get_global_size(0). Nonlinear in the sizes; kprove takes the index apart.
/*@
  context m != NULL && \pointer_length(m) == get_global_size(0) * get_global_size(1);
  context Perm(&m[get_global_id(1) * get_global_size(0) + get_global_id(0)], write);
  ensures m[get_global_id(1) * get_global_size(0) + get_global_id(0)] == get_global_id(0);
@*/
__kernel void fill(__global int *m) {
  int col = get_global_id(0);
  int row = get_global_id(1);
  int width = get_global_size(0);
  m[row * width + col] = col;
}
