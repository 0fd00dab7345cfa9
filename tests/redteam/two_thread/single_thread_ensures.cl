//: expect fail post 5
//: flags --local_size=1 --num_groups=1
// The same in a kernel's postcondition: n == 5 is not known.
__kernel void k(int n) {
  __ensures(n == 5 && __uniform_int(n));
}
