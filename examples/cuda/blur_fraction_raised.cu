//: expect fail resources 6
// Failing sibling of blur.cu, one deliberate bug: each thread asks for 1\2 of in[i]
//   instead of 1\3: with its neighbours' 1\3 shares that is 7\6 of a cell (resources).
/*@
  context in != NULL && out != NULL && \pointer_length(in) == n && \pointer_length(out) == n;
  context 0 < \gtid && \gtid < n - 1 ==> Perm(&in[\gtid - 1], 1\3) ** Perm(&in[\gtid], 1\2) ** Perm(&in[\gtid + 1], 1\3);
  context 0 < \gtid && \gtid < n - 1 ==> Perm(&out[\gtid], write);
  ensures 0 < \gtid && \gtid < n - 1 ==> out[\gtid] == in[\gtid - 1] + in[\gtid] + in[\gtid + 1];
@*/
__global__ void blur(unsigned *in, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (0 < i && i < n - 1) {
    out[i] = in[i - 1] + in[i] + in[i + 1];
  }
}
