//: expect verified
// Control: the sizes and alignments of CUDA's vector types are nvcc's (CUDA C++
// Programming Guide, "Alignment Requirements"; long is 64 bits): the 2- and
// 4-component types are aligned to their size, at most 16; the 1- and 3-component
// types to their components'.
struct S { int a; int4 v; };
/*@
  context out != NULL && \pointer_length(out) == 1 && blockDim.x == 1 && gridDim.x == 1 && Perm(&out[0], write);
  ensures out[0] == 32;
@*/
__global__ void k(int *out) {
  __assert(__alignof__(char1) == 1 && __alignof__(char2) == 2 && __alignof__(char3) == 1 && __alignof__(char4) == 4);
  __assert(__alignof__(uchar2) == 2 && __alignof__(uchar3) == 1 && __alignof__(uchar4) == 4);
  __assert(__alignof__(short2) == 4 && __alignof__(short3) == 2 && __alignof__(short4) == 8);
  __assert(__alignof__(ushort2) == 4 && __alignof__(ushort3) == 2 && __alignof__(ushort4) == 8);
  __assert(__alignof__(int1) == 4 && __alignof__(int2) == 8 && __alignof__(int3) == 4 && __alignof__(int4) == 16);
  __assert(__alignof__(uint2) == 8 && __alignof__(uint3) == 4 && __alignof__(uint4) == 16);
  __assert(__alignof__(long1) == 8 && __alignof__(long2) == 16 && __alignof__(long3) == 8 && __alignof__(long4) == 16);
  __assert(__alignof__(ulong2) == 16 && __alignof__(ulong4) == 16);
  __assert(__alignof__(longlong2) == 16 && __alignof__(longlong3) == 8 && __alignof__(longlong4) == 16);
  __assert(__alignof__(ulonglong2) == 16 && __alignof__(ulonglong4) == 16);
  __assert(__alignof__(float2) == 8 && __alignof__(float3) == 4 && __alignof__(float4) == 16);
  __assert(__alignof__(double2) == 16 && __alignof__(double3) == 8 && __alignof__(double4) == 16);
  __assert(sizeof(char3) == 3 && sizeof(short3) == 6 && sizeof(int3) == 12 && sizeof(float3) == 12);
  __assert(sizeof(long4) == 32 && sizeof(double2) == 16 && sizeof(int4) == 16);
  out[0] = sizeof(struct S);
}
