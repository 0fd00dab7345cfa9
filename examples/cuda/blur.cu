//: expect verified
// 1-D blur with a halo: out[i] = in[i-1] + in[i] + in[i+1] for interior i. Each in cell is
// read by up to three threads, so each thread holds 1\3 of each of its three cells.
/*@
  context in != NULL && out != NULL && \pointer_length(in) == n && \pointer_length(out) == n;
  context 0 < \gtid && \gtid < n - 1 ==> Perm(&in[\gtid - 1], 1\3) ** Perm(&in[\gtid], 1\3) ** Perm(&in[\gtid + 1], 1\3);
  context 0 < \gtid && \gtid < n - 1 ==> Perm(&out[\gtid], write);
  ensures 0 < \gtid && \gtid < n - 1 ==> out[\gtid] == in[\gtid - 1] + in[\gtid] + in[\gtid + 1];
@*/
__global__ void blur(unsigned *in, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (0 < i && i < n - 1) {
    out[i] = in[i - 1] + in[i] + in[i + 1];
  }
}
