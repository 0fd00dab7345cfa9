// kprove's declarations of GPUVerify's annotation functions, included by opencl.h
// and cuda.h (so GPUVerify's kernels parse without an include). They are written
// as calls in the C code: `__requires(n > 0);` at the start of a function body,
// `__assert(e);` as a statement, `__invariant(e)` before a loop condition with the
// comma operator. kprove gives them the meaning docs/language.md §11 ("GPUVerify's
// annotations") describes (lang/c/lower_gpuverify.cpp); the ones kprove does not
// model (two-thread predicates, pointer predicates, barrier invariants) are
// `error[unsupported]`, naming them. None is ever called at run time.
#ifndef KPROVE_GPUVERIFY_H
#define KPROVE_GPUVERIFY_H

#ifdef __CUDA__
#define __KPROVE_GV __attribute__((device))
#else
#define __KPROVE_GV
#endif

// Obligations and assumptions of the thread executing them.
__KPROVE_GV void __assert(bool e);
__KPROVE_GV void __assume(bool e);
__KPROVE_GV void __global_assert(bool e);
// Contracts: statements at the start of a function body.
__KPROVE_GV void __requires(bool e);
__KPROVE_GV void __ensures(bool e);
__KPROVE_GV void __global_requires(bool e);
__KPROVE_GV void __global_ensures(bool e);
// Loop invariants: `while (__invariant(e), cond)`, `for (i = 0; __invariant(e), i < n; ++i)`.
__KPROVE_GV void __invariant(bool e);
__KPROVE_GV void __global_invariant(bool e);
__KPROVE_GV void __candidate_invariant(bool e);
__KPROVE_GV void __candidate_global_invariant(bool e);
__KPROVE_GV void __function_wide_invariant(bool e);
__KPROVE_GV void __function_wide_candidate_invariant(bool e);

// Expressions.
__KPROVE_GV bool __implies(bool a, bool b);
__KPROVE_GV bool __enabled(void);
__KPROVE_GV int __ite(bool c, int a, int b);
__KPROVE_GV int __return_val_int(void);
__KPROVE_GV unsigned int __return_val_unsigned_int(void);
__KPROVE_GV bool __return_val_bool(void);
__KPROVE_GV int __old_int(int x);
__KPROVE_GV unsigned int __old_unsigned_int(unsigned int x);
__KPROVE_GV bool __old_bool(bool x);

// Two-thread predicates: they compare the two threads of GPUVerify's two-thread
// reduction, which kprove's per-thread proofs do not have.
__KPROVE_GV int __other_int(int x);
__KPROVE_GV unsigned int __other_unsigned_int(unsigned int x);
__KPROVE_GV bool __other_bool(bool x);
__KPROVE_GV bool __uniform_int(int x);
__KPROVE_GV bool __uniform_unsigned_int(unsigned int x);
__KPROVE_GV bool __uniform_bool(bool x);
__KPROVE_GV bool __distinct_int(int x);
__KPROVE_GV bool __distinct_unsigned_int(unsigned int x);
__KPROVE_GV bool __distinct_bool(bool x);
__KPROVE_GV bool __all(bool x);
__KPROVE_GV bool __exclusive(bool x);
__KPROVE_GV bool __at_most_one(bool x);
__KPROVE_GV bool __dominator_enabled(void);

// Non-overflowing addition: the sum a + b, assumed not to overflow the type.
__KPROVE_GV int __add_noovfl_int(int a, int b);
__KPROVE_GV unsigned int __add_noovfl_unsigned_int(unsigned int a, unsigned int b);
// The predicate: the mathematical sum of the arguments fits unsigned int.
__KPROVE_GV __attribute__((overloadable)) bool __add_noovfl(unsigned int a, unsigned int b);
__KPROVE_GV __attribute__((overloadable)) bool __add_noovfl(unsigned int a, unsigned int b,
                                                            unsigned int c);
__KPROVE_GV __attribute__((overloadable)) bool __add_noovfl(unsigned int a, unsigned int b,
                                                            unsigned int c, unsigned int d);

// Access histories (docs/language.md §11.9): what the executing thread may have
// logged of its own accesses to an array since the last barrier that fenced it.
// The array is passed inside sizeof, so that any pointer (of any address space) or
// array names it, unevaluated; kprove reads the name from the argument.
__KPROVE_GV bool __kprove_gv__read(__SIZE_TYPE__ array);
__KPROVE_GV bool __kprove_gv__write(__SIZE_TYPE__ array);
__KPROVE_GV __SIZE_TYPE__ __kprove_gv__read_offset_bytes(__SIZE_TYPE__ array);
__KPROVE_GV __SIZE_TYPE__ __kprove_gv__write_offset_bytes(__SIZE_TYPE__ array);
#define __read(p) __kprove_gv__read(sizeof(p))
#define __write(p) __kprove_gv__write(sizeof(p))
#define __read_offset_bytes(p) __kprove_gv__read_offset_bytes(sizeof(p))
#define __write_offset_bytes(p) __kprove_gv__write_offset_bytes(sizeof(p))
#define __no_read(p) (!__read(p))
#define __no_write(p) (!__write(p))
#define __read_implies(p, e) __implies(__read(p), e)
#define __write_implies(p, e) __implies(__write(p), e)

// GPUVerify's helper: x modulo y for a power of two y.
#define __mod_pow2(x, y) (((y) - 1) & (x))

// The other predicates over memory accesses and pointers: their argument may be a
// pointer into any address space, so each is a macro for a function of no argument
// that kprove reports by its GPUVerify name (the part after `__kprove_gv`).
#define __KPROVE_GV_OPAQUE(name) __KPROVE_GV int __kprove_gv##name(void);
// __return_val_ptr() is compared with pointers: it returns one.
__KPROVE_GV void *__kprove_gv__return_val_ptr(void);
__KPROVE_GV_OPAQUE(__ptr_offset_bytes)
__KPROVE_GV_OPAQUE(__ptr_base)
__KPROVE_GV_OPAQUE(__read_permission)
__KPROVE_GV_OPAQUE(__write_permission)
__KPROVE_GV_OPAQUE(__reads_from)
__KPROVE_GV_OPAQUE(__writes_to)
__KPROVE_GV_OPAQUE(__array_snapshot)
__KPROVE_GV_OPAQUE(__atomic_has_taken_value)
__KPROVE_GV_OPAQUE(__return_val_funptr)
__KPROVE_GV_OPAQUE(__return_val_int4)
__KPROVE_GV_OPAQUE(__requires_fresh_array)
__KPROVE_GV bool __kprove_gv__same_group(void);
#define __ptr_offset_bytes(...) __kprove_gv__ptr_offset_bytes()
#define __ptr_base(...) __kprove_gv__ptr_base()
#define __read_permission(...) __kprove_gv__read_permission()
#define __write_permission(...) __kprove_gv__write_permission()
#define __reads_from(...) __kprove_gv__reads_from()
#define __writes_to(...) __kprove_gv__writes_to()
#define __array_snapshot(...) __kprove_gv__array_snapshot()
#define __atomic_has_taken_value(...) __kprove_gv__atomic_has_taken_value()
#define __return_val_ptr(...) __kprove_gv__return_val_ptr()
#define __return_val_funptr(...) __kprove_gv__return_val_funptr()
#define __return_val_int4(...) __kprove_gv__return_val_int4()
// An assumption that the array is not aliased (kprove's arrays never are).
#define __requires_fresh_array(...) __kprove_gv__requires_fresh_array()
// `__same_group` (the two threads are in one group) is written without parentheses.
#define __same_group __kprove_gv__same_group()

// Barrier invariants: `__barrier_invariant_N(e, i1, ..., iN)` right before a barrier
// states e for every thread of the group there, and after it e for the threads whose
// local ids (dimension 0) are i1..iN (docs/language.md §11.9). The binary forms relate
// two threads: `unsupported`.
// (Functions, not macros: a macro's arguments would be reported at the macro's name.)
#define __KPROVE_GV_BI(n, ...)                                                                    \
  __KPROVE_GV void __barrier_invariant_##n(bool e, __VA_ARGS__);                                 \
  __KPROVE_GV void __kprove_gv__barrier_invariant_binary_##n(void);
__KPROVE_GV_BI(1, long)
__KPROVE_GV_BI(2, long, long)
__KPROVE_GV_BI(3, long, long, long)
__KPROVE_GV_BI(4, long, long, long, long)
__KPROVE_GV_BI(5, long, long, long, long, long)
__KPROVE_GV_BI(6, long, long, long, long, long, long)
__KPROVE_GV_BI(7, long, long, long, long, long, long, long)
__KPROVE_GV_BI(8, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(9, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(10, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(11, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(12, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(13, long, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(14, long, long, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(15, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(16, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(17, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(18, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(19, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long)
__KPROVE_GV_BI(20, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long, long)
#define __barrier_invariant_binary_1(...) __kprove_gv__barrier_invariant_binary_1()
#define __barrier_invariant_binary_2(...) __kprove_gv__barrier_invariant_binary_2()
#define __barrier_invariant_binary_3(...) __kprove_gv__barrier_invariant_binary_3()
#define __barrier_invariant_binary_4(...) __kprove_gv__barrier_invariant_binary_4()
#define __barrier_invariant_binary_5(...) __kprove_gv__barrier_invariant_binary_5()
#define __barrier_invariant_binary_6(...) __kprove_gv__barrier_invariant_binary_6()
#define __barrier_invariant_binary_7(...) __kprove_gv__barrier_invariant_binary_7()
#define __barrier_invariant_binary_8(...) __kprove_gv__barrier_invariant_binary_8()
#define __barrier_invariant_binary_9(...) __kprove_gv__barrier_invariant_binary_9()
#define __barrier_invariant_binary_10(...) __kprove_gv__barrier_invariant_binary_10()
#define __barrier_invariant_binary_11(...) __kprove_gv__barrier_invariant_binary_11()
#define __barrier_invariant_binary_12(...) __kprove_gv__barrier_invariant_binary_12()
#define __barrier_invariant_binary_13(...) __kprove_gv__barrier_invariant_binary_13()
#define __barrier_invariant_binary_14(...) __kprove_gv__barrier_invariant_binary_14()
#define __barrier_invariant_binary_15(...) __kprove_gv__barrier_invariant_binary_15()
#define __barrier_invariant_binary_16(...) __kprove_gv__barrier_invariant_binary_16()
#define __barrier_invariant_binary_17(...) __kprove_gv__barrier_invariant_binary_17()
#define __barrier_invariant_binary_18(...) __kprove_gv__barrier_invariant_binary_18()
#define __barrier_invariant_binary_19(...) __kprove_gv__barrier_invariant_binary_19()
#define __barrier_invariant_binary_20(...) __kprove_gv__barrier_invariant_binary_20()

// Uninterpreted functions, declared by macro (GPUVerify's `DECLARE_UF_BINARY(A,
// unsigned, unsigned, unsigned);`): a function of the file without a body, whose
// calls may return any value (docs/language.md §11.9).
#define DECLARE_UF_UNARY(NAME, ARG1TYPE, RETTYPE) __KPROVE_GV RETTYPE NAME(ARG1TYPE)
#define DECLARE_UF_BINARY(NAME, ARG1TYPE, ARG2TYPE, RETTYPE)                                     \
  __KPROVE_GV RETTYPE NAME(ARG1TYPE, ARG2TYPE)
#define DECLARE_UF_TERNARY(NAME, ARG1TYPE, ARG2TYPE, ARG3TYPE, RETTYPE)                          \
  __KPROVE_GV RETTYPE NAME(ARG1TYPE, ARG2TYPE, ARG3TYPE)

#endif
