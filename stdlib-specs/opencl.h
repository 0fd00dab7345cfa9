// kprove's <opencl.h>: included automatically before every .cl file (so
// `#include <opencl.h>` is optional). Clang declares the OpenCL C builtins
// (get_global_id, barrier, atomic_add, CLK_*_MEM_FENCE, ...) itself; their
// contracts are built into kprove and documented in docs/language.md:
//
//   get_local_id(d)   in [0, get_local_size(d))      get_group_id(d) in [0, get_num_groups(d))
//   get_global_id(d)  == get_group_id(d) * get_local_size(d) + get_local_id(d)
//   get_global_size(d) == get_num_groups(d) * get_local_size(d)
//   barrier(flags)    the annotation before it is its contract; flags name the fences
//   atomic_OP(&p[i], ...)  needs some permission on p[i]; the cell's value is unknown
//                          afterwards unless the thread holds all of it
#ifndef KPROVE_OPENCL_H
#define KPROVE_OPENCL_H

// A .c file is read as plain C11, without OpenCL's types and builtins (VerCors
// reads OpenCL kernels from .c files that include this header; kprove does not).
#if !defined(__OPENCL_C_VERSION__) && !defined(__OPENCL_VERSION__)
#error "<opencl.h> declares OpenCL C; kprove reads OpenCL kernels from .cl files: rename this file to .cl"
#endif

// GPUVerify's annotations (__requires, __assert, __invariant, ...).
#include <gpuverify.h>
#endif
