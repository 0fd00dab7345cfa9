//: expect fail perm.write 8
//: may also fail null 8
//: may also fail bounds 8
//: flags --blockDim 1024 (a real launch: 1,024 threads per block)
// Control for the files above: with flags a launch can have, the race of every
// thread on a[0] is found as usual.
__global__ void race(int *a) {
  a[0] = threadIdx.x;
}
