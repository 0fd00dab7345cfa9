//: expect verified
// One compare-exchange step of bitonic sort: work item i pairs with p = i ^ j (j a power
// of two, j == 1 << k) and, when p > i, orders a[i] <= a[p]. Each pair is touched by
// exactly one item (the one with the smaller index), so there is no race; the proof
// needs (i ^ j) ^ j == i across two threads and i ^ j == i +- j for a power of two j.
/*@
  context 0 <= k && k < 30 && j == 1 << k;
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context (get_global_id(0) ^ j) > get_global_id(0) && (get_global_id(0) ^ j) < get_global_size(0) ==>
    Perm(&a[get_global_id(0)], write) ** Perm(&a[get_global_id(0) ^ j], write);
  ensures (get_global_id(0) ^ j) > get_global_id(0) && (get_global_id(0) ^ j) < get_global_size(0) ==>
    a[get_global_id(0)] <= a[get_global_id(0) ^ j];
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
