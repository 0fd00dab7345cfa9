// kprove's <cuda.h>: the CUDA prelude, included automatically before every .cu
// file (so `#include <cuda.h>` is optional). kprove parses CUDA with Clang in
// host-only mode without the CUDA headers (-nocudainc -nocudalib), so this file
// declares what kernels use. The meaning of each builtin is built into kprove and
// documented in docs/language.md:
//
//   threadIdx.d in [0, blockDim.d)      blockIdx.d in [0, gridDim.d)      (d = x, y, z)
//   __syncthreads()   a barrier fencing shared and global memory; the annotation
//                     before it is its contract
//   atomicOP(&p[i], ...)  needs some permission on p[i]; the cell's value is unknown
//                         afterwards unless the thread holds all of it
#ifndef KPROVE_CUDA_H
#if !defined(__CUDA__) && !defined(__cplusplus)
#error "<cuda.h> declares CUDA; kprove reads CUDA kernels from .cu files: rename this file to .cu"
#endif
#define KPROVE_CUDA_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
// Alignment changes no value kprove models (memory is per element, not per byte).
#define __align__(n) __attribute__((aligned(n)))

#ifndef NULL
#define NULL 0
#endif

typedef __SIZE_TYPE__ size_t;
// As glibc's <sys/types.h>, which CUDA's headers include on Linux.
typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned long ulong;

struct __kprove_dim3 {
  unsigned int x, y, z;
};
extern const __device__ struct __kprove_dim3 threadIdx;
extern const __device__ struct __kprove_dim3 blockIdx;
extern const __device__ struct __kprove_dim3 blockDim;
extern const __device__ struct __kprove_dim3 gridDim;

__device__ void __syncthreads(void);

// Declared so that kernels using them parse and are rejected by name
// (stdlib-specs/builtins.def: `unsupported builtin`), never silently accepted.
extern const __device__ int warpSize;
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ int __shfl_sync(unsigned int mask, int var, int srcLane, int width = 32);
__device__ int __shfl_up_sync(unsigned int mask, int var, unsigned int delta, int width = 32);
__device__ int __shfl_down_sync(unsigned int mask, int var, unsigned int delta, int width = 32);
__device__ int __shfl_xor_sync(unsigned int mask, int var, int laneMask, int width = 32);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ unsigned int __activemask(void);

// CUDA's device memcpy and memset (lang/c/lower_memory_builtins.cpp).
extern "C" __device__ void *memcpy(void *dst, const void *src, size_t n);
extern "C" __device__ void *memset(void *dst, int c, size_t n);

__device__ int atomicAdd(int *address, int val);
__device__ int atomicSub(int *address, int val);
__device__ int atomicExch(int *address, int val);
__device__ int atomicMin(int *address, int val);
__device__ int atomicMax(int *address, int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicAdd(unsigned int *address, unsigned int val);
__device__ unsigned int atomicSub(unsigned int *address, unsigned int val);
__device__ unsigned int atomicExch(unsigned int *address, unsigned int val);
__device__ unsigned int atomicMin(unsigned int *address, unsigned int val);
__device__ unsigned int atomicMax(unsigned int *address, unsigned int val);
__device__ unsigned int atomicCAS(unsigned int *address, unsigned int compare,
                                  unsigned int val);
__device__ int atomicAnd(int *address, int val);
__device__ int atomicOr(int *address, int val);
__device__ int atomicXor(int *address, int val);
__device__ unsigned int atomicAnd(unsigned int *address, unsigned int val);
__device__ unsigned int atomicOr(unsigned int *address, unsigned int val);
__device__ unsigned int atomicXor(unsigned int *address, unsigned int val);
__device__ unsigned int atomicInc(unsigned int *address, unsigned int val);
__device__ unsigned int atomicDec(unsigned int *address, unsigned int val);
__device__ unsigned long long atomicAdd(unsigned long long *address, unsigned long long val);
__device__ unsigned long long atomicExch(unsigned long long *address, unsigned long long val);
__device__ unsigned long long atomicMin(unsigned long long *address, unsigned long long val);
__device__ unsigned long long atomicMax(unsigned long long *address, unsigned long long val);
__device__ unsigned long long atomicAnd(unsigned long long *address, unsigned long long val);
__device__ unsigned long long atomicOr(unsigned long long *address, unsigned long long val);
__device__ unsigned long long atomicXor(unsigned long long *address, unsigned long long val);
__device__ unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare,
                                        unsigned long long val);
// Floating-point atomics: declared so that they are rejected by name (kprove's
// atomics are on integer cells).
__device__ float atomicAdd(float *address, float val);
__device__ float atomicExch(float *address, float val);

// GPUVerify's annotations (__requires, __assert, __invariant, ...).
#include <gpuverify.h>
#include "vector_types.h"

__device__ int min(int a, int b);
__device__ int max(int a, int b);
__device__ int abs(int a);
__device__ unsigned int min(unsigned int a, unsigned int b);
__device__ unsigned int max(unsigned int a, unsigned int b);
__device__ long long min(long long a, long long b);
__device__ long long max(long long a, long long b);
__device__ unsigned long long min(unsigned long long a, unsigned long long b);
__device__ unsigned long long max(unsigned long long a, unsigned long long b);
__device__ float min(float a, float b);
__device__ float max(float a, float b);
__device__ double min(double a, double b);
__device__ double max(double a, double b);

// 24-bit multiplications (stdlib-specs/builtins.def: exact when the operands fit).
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);

// Math functions: deterministic functions of their arguments, nothing else known.
#define __KPROVE_MATH1(NAME)                                                                \
  __device__ float NAME##f(float x);                                                        \
  __device__ float NAME(float x);                                                           \
  __device__ double NAME(double x);
#define __KPROVE_MATH2(NAME)                                                                \
  __device__ float NAME##f(float x, float y);                                               \
  __device__ float NAME(float x, float y);                                                  \
  __device__ double NAME(double x, double y);
__KPROVE_MATH1(sin) __KPROVE_MATH1(cos) __KPROVE_MATH1(tan) __KPROVE_MATH1(asin)
__KPROVE_MATH1(acos) __KPROVE_MATH1(atan) __KPROVE_MATH2(atan2) __KPROVE_MATH1(sinh)
__KPROVE_MATH1(cosh) __KPROVE_MATH1(tanh) __KPROVE_MATH1(exp) __KPROVE_MATH1(exp2)
__KPROVE_MATH1(exp10) __KPROVE_MATH1(expm1) __KPROVE_MATH1(log) __KPROVE_MATH1(log2)
__KPROVE_MATH1(log10) __KPROVE_MATH1(log1p) __KPROVE_MATH1(sqrt) __KPROVE_MATH1(rsqrt)
__KPROVE_MATH1(cbrt) __KPROVE_MATH2(pow) __KPROVE_MATH1(fabs) __KPROVE_MATH1(floor)
__KPROVE_MATH1(ceil) __KPROVE_MATH1(trunc) __KPROVE_MATH1(round) __KPROVE_MATH1(rint)
__KPROVE_MATH2(fmin) __KPROVE_MATH2(fmax) __KPROVE_MATH2(fmod) __KPROVE_MATH2(hypot)
__KPROVE_MATH2(copysign) __KPROVE_MATH1(erf) __KPROVE_MATH1(erfc)
#undef __KPROVE_MATH1
#undef __KPROVE_MATH2
__device__ float fmaf(float x, float y, float z);
__device__ float fma(float x, float y, float z);
__device__ double fma(double x, double y, double z);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __powf(float x, float y);
__device__ float __fdividef(float x, float y);
__device__ float __saturatef(float x);
__device__ float __fadd_rn(float x, float y);
__device__ float __fmul_rn(float x, float y);
__device__ float __fsqrt_rn(float x);
__device__ float __frcp_rn(float x);

// cuRAND's device API (also <curand_kernel.h>): a generator's state is one cell of
// memory that each call reads and writes (builtins.def, Generator); kprove never
// looks at its value. Textures: declared so that kernels using them parse and are
// rejected by name (builtins.def), never read as unknown identifiers.
struct curandStateXORWOW {
  unsigned int generator; // the state as one cell (its value is never used)
};
typedef struct curandStateXORWOW curandState;
typedef struct curandStateXORWOW curandState_t;
struct curandStateMtgp32 {
  unsigned int generator; // the state as one cell (its value is never used)
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;
__device__ unsigned int curand(curandState *state);
__device__ unsigned int curand(curandStateMtgp32_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandState *state);
__device__ float curand_uniform(curandState *state);
__device__ float curand_uniform(curandStateMtgp32_t *state);
__device__ float curand_normal(curandState *state);
__device__ float curand_normal(curandStateMtgp32_t *state);
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
template <class T, int dim = 1, enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture {};
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ T tex1Dfetch(texture<T, dim, mode> t, int x);

// Cooperative groups (CUDA's cuda.h does not include them, but GPUVerify's does).
#include "cooperative_groups.h"

#endif
