//: expect fail assert 12
// atomicExch on float stores its operand: with the whole cell the thread knows it
// (first assertion). atomicAdd's float sum is unknown (floats are opaque; adding 0.0
// to a NaN does not give back an equal value): the second assertion is false.
/*@ context gridDim.x == 1 && blockDim.x == 1;
    context s != NULL && \pointer_length(s) == 1 && Perm(&s[0], write); @*/
__global__ void k(float *s, float v) {
  float before = atomicExch(&s[0], v);
  //@ assert s[0] == v;
  atomicAdd(&s[0], 0.0f);
  float after = s[0];
  //@ assert after == v;
}
