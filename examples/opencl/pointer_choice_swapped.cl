//: expect fail post 21
// Failing sibling of pointer_choice.cl, one deliberate bug: the choice is swapped, so
// the sum lands in lo when the flag asks for hi.
/*@
  context acc != NULL && \pointer_length(acc) >= 1 && Perm(&acc[0], write);
  requires -2000 <= acc[0] && acc[0] <= 2000 && -1000 <= v && v <= 1000;
  ensures acc[0] == \old(acc[0]) + v;
@*/
void add_into(int *acc, int v) {
  *acc = *acc + v;
}

/*@
  context in != NULL && lo != NULL && hi != NULL;
  context \pointer_length(in) == 2 * get_global_size(0);
  context \pointer_length(lo) == get_global_size(0) && \pointer_length(hi) == get_global_size(0);
  context Perm(&in[2 * get_global_id(0)], 1\2) ** Perm(&in[2 * get_global_id(0) + 1], 1\2);
  context Perm(&lo[get_global_id(0)], write) ** Perm(&hi[get_global_id(0)], write);
  context -1000 <= in[2 * get_global_id(0)] && in[2 * get_global_id(0)] <= 1000;
  context -1000 <= in[2 * get_global_id(0) + 1] && in[2 * get_global_id(0) + 1] <= 1000;
  ensures (upper != 0 ? hi[get_global_id(0)] : lo[get_global_id(0)]) ==
          in[2 * get_global_id(0)] + in[2 * get_global_id(0) + 1];
@*/
__kernel void split_sums(__global const int *in, __global int *lo, __global int *hi, int upper) {
  size_t gid = get_global_id(0);
  int sum = 0;
  add_into(&sum, in[2 * gid]);
  add_into(&sum, in[2 * gid + 1]);
  __global int *dst = upper ? lo : hi;
  dst[gid] = sum;
}
