//: expect verified
// CONTROL: signed arithmetic in an annotation is mathematical, so with
// k == 2147483647, k + 5 - k + 200 == 205 and h(205) == 205: the precondition
// holds, and its concrete evaluation must not call `k + 5` an overflow.
/*@ decreases n;
    pure int h(int n) = n <= 0 ? 0 : h(n - 1) + 1; @*/
/*@
  requires get_local_size(0) == 1 && get_num_groups(0) == 1;
  requires k == 2147483647 && h(k + 5 - k + 200) == 205;
@*/
__kernel void kern(__global int *o, int k) {
}
