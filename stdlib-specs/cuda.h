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
#define KPROVE_CUDA_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))

#ifndef NULL
#define NULL 0
#endif

typedef __SIZE_TYPE__ size_t;

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

// GPUVerify's annotations (__requires, __assert, __invariant, ...).
#include <gpuverify.h>
#include "vector_types.h"

__device__ int min(int a, int b);
__device__ int max(int a, int b);
__device__ int abs(int a);

#endif
