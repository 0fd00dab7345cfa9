//: expect verified
// Control: each kind of CUDA C++ character literal has its type's value: a plain
// one is a signed char, u'' a char16_t, U'' a char32_t and L'' a wchar_t (a 32-bit
// int on Linux).
/*@
  context a != NULL && \pointer_length(a) == blockDim.x * gridDim.x;
  context Perm(&a[blockIdx.x * blockDim.x + threadIdx.x], write);
  ensures a[blockIdx.x * blockDim.x + threadIdx.x] == -128;
@*/
__global__ void k(int *a) {
  int c = '\x80';
  int w = L'\xffffffff';
  int s = u'\xffff';
  unsigned int l = U'\xffffffff';
  //@ assert c == -128 && w == -1 && s == 65535 && l == 4294967295u;
  a[blockIdx.x * blockDim.x + threadIdx.x] = c;
}
