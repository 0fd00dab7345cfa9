//: expect verified
// (Fixed 2026-11-29: an int parameter of a GPUVerify function takes C's 0 or 1.)
// FALSE REJECTION (exit 2, error[type]): __other_int is declared `int __other_int(int x)`
// (stdlib-specs/gpuverify.h), so __other_int(c) of a comparison is an int (0 or 1) and may be
// added to; kprove types the call as bool and rejects the '+'. The claim is true: at most
// one work item of the launch has global id 0.
/*@ context out != NULL && \pointer_length(out) == get_global_size(0);
    context Perm(&out[get_global_id(0)], write); @*/
__kernel void k(__global int *out) {
  __assert(__other_int(get_global_id(0) == 0) + (get_global_id(0) == 0) <= 1);
  out[get_global_id(0)] = 0;
}
