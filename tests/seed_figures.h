// The chapter's two kernels as printed (Fig. 5.8 and Fig. 5.9), shared by the
// parser and type-checker tests. Fig. 5.9 uses `binom` without declaring it;
// kBinomFunction declares it.
#pragma once

namespace kprove::testing {

inline const char *const kDemo = R"(kernel demo {
  global int[gsize] a;
  global int[gsize] b;
  requires perm(a[tid],100) * perm(b[tid],100);
  ensures perm(b[tid],100) * b[tid] = (tid+1) mod gsize;
  void main(){
    a[tid]:=tid;
    barrier(global){
      requires a[tid]=tid;
      ensures perm(a[(tid+1) mod gsize],10) * perm(b[tid],100);
      ensures a[(tid+1) mod gsize]=(tid+1) mod gsize; }
    b[tid]:=a[(tid+1) mod gsize];
  }
}
)";

inline const char *const kBinomial = R"(kernel binomial {
  global int[gsize] bin;
  local int[gsize] tmp;
  requires gsize > 1 * perm(bin[tid],100) * perm(tmp[tid],100);
  ensures perm(bin[tid],100) * bin[tid]=binom(gsize-1,tid);
  void main(){
    int temp;
    int N:=1;
    bin[tid]:=1;
    invariant perm(bin[tid],100) * perm(tmp[tid],100);
    invariant tid<N ? bin[tid]=binom(N,tid) : bin[tid]=1;
    while(N<gsize-1){
      tmp[tid]:=bin[tid];
      barrier(1,{local}){
        ensures perm(bin[tid],100) * perm(tmp[(tid-1) mod gsize],10);
        ensures 0<tid & tid<=N -> tmp[(tid-1) mod gsize]=binom(N,tid-1);
      }
      N := N+1;
      if(0<tid & tid<N){
        temp:=tmp[(tid-1) mod gsize];
        bin[tid]:=temp+bin[tid];
      }
      barrier(2,{local}){
        ensures perm(bin[tid],100) * perm(tmp[tid],100);
      }
    }
  }
}
)";

inline const char *const kBinomFunction = "pure int binom(int n, int k) = (k <= 0 || k >= n) ? 1 : "
                                          "binom(n - 1, k - 1) + binom(n - 1, k);\n";

} // namespace kprove::testing
