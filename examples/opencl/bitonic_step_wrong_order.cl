//: expect fail post 11
// Wrong on purpose (sibling of bitonic_step.cl): the postcondition promises descending
// order, but the step sorts ascending.
/*@
  context 0 <= k && k < 30 && j == 1 << k;
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context (get_global_id(0) ^ j) > get_global_id(0) && (get_global_id(0) ^ j) < get_global_size(0) ==>
    Perm(&a[get_global_id(0)], write) ** Perm(&a[get_global_id(0) ^ j], write);
  ensures (get_global_id(0) ^ j) > get_global_id(0) && (get_global_id(0) ^ j) < get_global_size(0) ==>
    a[get_global_id(0)] <= a[get_global_id(0) ^ j];
  ensures (get_global_id(0) ^ j) > get_global_id(0) && (get_global_id(0) ^ j) < get_global_size(0) ==> a[get_global_id(0)] >= a[get_global_id(0) ^ j];
@*/
__kernel void bitonic_step(__global int *a, uint j, int k) {
  size_t i = get_global_id(0);
  size_t p = i ^ j;
  if (p > i && p < get_global_size(0)) {
    int x = a[i];
    int y = a[p];
    if (x > y) {
      a[i] = y;
      a[p] = x;
    }
  }
}
