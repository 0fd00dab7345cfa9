// kprove's <vector_types.h>: CUDA's vector types (int2, float4, ...) and their
// make_ functions, included by kprove's cuda.h (so <vector_types.h>,
// <vector_functions.h> and <cuda_runtime.h> are optional). A vector is a struct of
// its components x, y, z, w (docs/language.md, "Structs and vectors"); a
// make_T(...) call is the vector of its arguments, which kprove recognises by the
// annotation below (a function of the user's with that name is the user's).
#ifndef KPROVE_VECTOR_TYPES_H
#define KPROVE_VECTOR_TYPES_H

// Alignments as nvcc's <vector_types.h> gives them (CUDA C++ Programming Guide,
// "Alignment Requirements" of the built-in vector types, with 64-bit long): the
// 2- and 4-component types are aligned to their size (at most 16 bytes), the 1-
// and 3-component types have their components' alignment. sizeof and alignof of
// structs holding them come from Clang's layout of these declarations.
#define __KPROVE_MAKE __host__ __device__ __attribute__((annotate("kprove_vector_make")))

struct char1 {
  signed char x;
};
__KPROVE_MAKE char1 make_char1(signed char x);
struct __attribute__((aligned(2))) char2 {
  signed char x, y;
};
__KPROVE_MAKE char2 make_char2(signed char x, signed char y);
struct char3 {
  signed char x, y, z;
};
__KPROVE_MAKE char3 make_char3(signed char x, signed char y, signed char z);
struct __attribute__((aligned(4))) char4 {
  signed char x, y, z, w;
};
__KPROVE_MAKE char4 make_char4(signed char x, signed char y, signed char z, signed char w);
struct uchar1 {
  unsigned char x;
};
__KPROVE_MAKE uchar1 make_uchar1(unsigned char x);
struct __attribute__((aligned(2))) uchar2 {
  unsigned char x, y;
};
__KPROVE_MAKE uchar2 make_uchar2(unsigned char x, unsigned char y);
struct uchar3 {
  unsigned char x, y, z;
};
__KPROVE_MAKE uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z);
struct __attribute__((aligned(4))) uchar4 {
  unsigned char x, y, z, w;
};
__KPROVE_MAKE uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w);
struct short1 {
  short x;
};
__KPROVE_MAKE short1 make_short1(short x);
struct __attribute__((aligned(4))) short2 {
  short x, y;
};
__KPROVE_MAKE short2 make_short2(short x, short y);
struct short3 {
  short x, y, z;
};
__KPROVE_MAKE short3 make_short3(short x, short y, short z);
struct __attribute__((aligned(8))) short4 {
  short x, y, z, w;
};
__KPROVE_MAKE short4 make_short4(short x, short y, short z, short w);
struct ushort1 {
  unsigned short x;
};
__KPROVE_MAKE ushort1 make_ushort1(unsigned short x);
struct __attribute__((aligned(4))) ushort2 {
  unsigned short x, y;
};
__KPROVE_MAKE ushort2 make_ushort2(unsigned short x, unsigned short y);
struct ushort3 {
  unsigned short x, y, z;
};
__KPROVE_MAKE ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z);
struct __attribute__((aligned(8))) ushort4 {
  unsigned short x, y, z, w;
};
__KPROVE_MAKE ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w);
struct int1 {
  int x;
};
__KPROVE_MAKE int1 make_int1(int x);
struct __attribute__((aligned(8))) int2 {
  int x, y;
};
__KPROVE_MAKE int2 make_int2(int x, int y);
struct int3 {
  int x, y, z;
};
__KPROVE_MAKE int3 make_int3(int x, int y, int z);
struct __attribute__((aligned(16))) int4 {
  int x, y, z, w;
};
__KPROVE_MAKE int4 make_int4(int x, int y, int z, int w);
struct uint1 {
  unsigned int x;
};
__KPROVE_MAKE uint1 make_uint1(unsigned int x);
struct __attribute__((aligned(8))) uint2 {
  unsigned int x, y;
};
__KPROVE_MAKE uint2 make_uint2(unsigned int x, unsigned int y);
struct uint3 {
  unsigned int x, y, z;
};
__KPROVE_MAKE uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z);
struct __attribute__((aligned(16))) uint4 {
  unsigned int x, y, z, w;
};
__KPROVE_MAKE uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w);
struct long1 {
  long x;
};
__KPROVE_MAKE long1 make_long1(long x);
struct __attribute__((aligned(16))) long2 {
  long x, y;
};
__KPROVE_MAKE long2 make_long2(long x, long y);
struct long3 {
  long x, y, z;
};
__KPROVE_MAKE long3 make_long3(long x, long y, long z);
struct __attribute__((aligned(16))) long4 {
  long x, y, z, w;
};
__KPROVE_MAKE long4 make_long4(long x, long y, long z, long w);
struct ulong1 {
  unsigned long x;
};
__KPROVE_MAKE ulong1 make_ulong1(unsigned long x);
struct __attribute__((aligned(16))) ulong2 {
  unsigned long x, y;
};
__KPROVE_MAKE ulong2 make_ulong2(unsigned long x, unsigned long y);
struct ulong3 {
  unsigned long x, y, z;
};
__KPROVE_MAKE ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z);
struct __attribute__((aligned(16))) ulong4 {
  unsigned long x, y, z, w;
};
__KPROVE_MAKE ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w);
struct longlong1 {
  long long x;
};
__KPROVE_MAKE longlong1 make_longlong1(long long x);
struct __attribute__((aligned(16))) longlong2 {
  long long x, y;
};
__KPROVE_MAKE longlong2 make_longlong2(long long x, long long y);
struct longlong3 {
  long long x, y, z;
};
__KPROVE_MAKE longlong3 make_longlong3(long long x, long long y, long long z);
struct __attribute__((aligned(16))) longlong4 {
  long long x, y, z, w;
};
__KPROVE_MAKE longlong4 make_longlong4(long long x, long long y, long long z, long long w);
struct ulonglong1 {
  unsigned long long x;
};
__KPROVE_MAKE ulonglong1 make_ulonglong1(unsigned long long x);
struct __attribute__((aligned(16))) ulonglong2 {
  unsigned long long x, y;
};
__KPROVE_MAKE ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y);
struct ulonglong3 {
  unsigned long long x, y, z;
};
__KPROVE_MAKE ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z);
struct __attribute__((aligned(16))) ulonglong4 {
  unsigned long long x, y, z, w;
};
__KPROVE_MAKE ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w);
struct float1 {
  float x;
};
__KPROVE_MAKE float1 make_float1(float x);
struct __attribute__((aligned(8))) float2 {
  float x, y;
};
__KPROVE_MAKE float2 make_float2(float x, float y);
struct float3 {
  float x, y, z;
};
__KPROVE_MAKE float3 make_float3(float x, float y, float z);
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};
__KPROVE_MAKE float4 make_float4(float x, float y, float z, float w);
struct double1 {
  double x;
};
__KPROVE_MAKE double1 make_double1(double x);
struct __attribute__((aligned(16))) double2 {
  double x, y;
};
__KPROVE_MAKE double2 make_double2(double x, double y);
struct double3 {
  double x, y, z;
};
__KPROVE_MAKE double3 make_double3(double x, double y, double z);
struct __attribute__((aligned(16))) double4 {
  double x, y, z, w;
};
__KPROVE_MAKE double4 make_double4(double x, double y, double z, double w);

#undef __KPROVE_MAKE

#endif
