// GPUVerify's access histories, function-wide invariants and non-overflowing
// addition (lang/c/lower_access_history.cpp, lang/c/access_history.cpp,
// docs/language.md §11.9), and the C control flow GPUVerify's kernels use: calls in
// loop conditions and array indices, fence flags computed at run time.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::mentions;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

kprove::testing::SnippetResult run(const std::string &text, const std::string &ext) {
  return runSnippet(text, "gpuverify_history", ext);
}

void expect(const std::string &src, Verdict verdict, Errors errors,
            const std::string &ext = ".cl") {
  kprove::testing::expectOutcome(src, verdict, errors, ext, "gpuverify_history");
}

} // namespace

TEST_CASE("GPUVerify's __read and __write: the thread's log since the last barrier",
          "[c][gpuverify][history]") {
  // Lines 1-4; the assertion is line 5.
  const std::string head =
      "/*@ context \\pointer_length(p) == get_local_size(0) && \\pointer_length(q) == "
      "get_local_size(0);\n"
      "    context Perm(p[get_local_id(0)], write) ** Perm(q[get_local_id(0)], read); @*/\n"
      "__kernel void k(__local int *p, __local int *q) {\n"
      "  p[get_local_id(0)] = q[get_local_id(0)];\n";
  // p is only written, q only read.
  expect(head + "  __assert(!__read(p));\n}\n", Verdict::Verified, {});
  expect(head + "  __assert(__no_write(q));\n}\n", Verdict::Verified, {});
  // The write of p and the read of q may be logged ...
  expect(head + "  __assert(__no_write(p));\n}\n", Verdict::Failed, {{"assert", 5}});
  expect(head + "  __assert(!__read(q));\n}\n", Verdict::Failed, {{"assert", 5}});
  // ... or not: a log need not hold an access.
  expect(head + "  __assert(__write(p));\n}\n", Verdict::Failed, {{"assert", 5}});
  // The logged offset is the one accessed.
  expect(head + "  __assert(__write_implies(p, __write_offset_bytes(p) == get_local_id(0) * "
                "sizeof(int)));\n}\n",
         Verdict::Verified, {});
  expect(head + "  __assert(__write_implies(p, __write_offset_bytes(p) == 0));\n}\n",
         Verdict::Failed, {{"assert", 5}});
  // CUDA, with a __shared__ array.
  expect("__global__ void k() {\n"
         "  __shared__ float a[64];\n"
         "  __assert(__implies(__read(a), __read_offset_bytes(a) == 0));\n"
         "  __assert(__no_write(a));\n"
         "}\n",
         Verdict::Verified, {}, ".cu");
}

TEST_CASE("GPUVerify's access logs: barriers, conditions and loops", "[c][gpuverify][history]") {
  // A local fence empties a local array's log.
  expect("/*@ context \\pointer_length(p) == get_local_size(0) ** Perm(p[get_local_id(0)], write); "
         "@*/\n"
         "__kernel void k(__local int *p) {\n"
         "  p[get_local_id(0)] = 1;\n"
         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
         "  __assert(__no_write(p));\n"
         "}\n",
         Verdict::Verified, {});
  // A global fence does not (it fences global memory only).
  expect("/*@ context \\pointer_length(p) == get_local_size(0) ** Perm(p[get_local_id(0)], write); "
         "@*/\n"
         "__kernel void k(__local int *p) {\n"
         "  p[get_local_id(0)] = 1;\n"
         "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
         "  __assert(__no_write(p));\n"
         "}\n",
         Verdict::Failed, {{"assert", 5}});
  // A global fence may or may not empty a global array's log (GPUVerify: only when
  // the other thread of its pair is in the same group).
  expect("/*@ context p != NULL ** \\pointer_length(p) == get_global_size(0) ** "
         "Perm(p[get_global_id(0)], write); @*/\n"
         "__kernel void k(__global int *p) {\n"
         "  p[get_global_id(0)] = 1;\n"
         "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
         "  __assert(__no_write(p));\n"
         "}\n",
         Verdict::Failed, {{"assert", 5}});
  // A read C skips (the right operand of &&) is not logged.
  expect("/*@ context p != NULL ** \\pointer_length(p) == n ** (get_global_id(0) < n ==> "
         "Perm(p[get_global_id(0)], read)); @*/\n"
         "__kernel void k(__global int *p, int n) {\n"
         "  int i = get_global_id(0);\n"
         "  int x = 0;\n"
         "  if (i < n && p[i] > 0) x = 1;\n"
         "  __assert(__read_implies(p, __read_offset_bytes(p) / sizeof(int) < n));\n"
         "}\n",
         Verdict::Verified, {});
  // A loop invariant over the log: proved at entry and preserved by the writes.
  expect("/*@ context a != NULL ** \\pointer_length(a) == get_global_size(0) ** "
         "Perm(a[get_global_id(0)], write); @*/\n"
         "__kernel void k(__global int *a) {\n"
         "  unsigned tid = get_global_id(0);\n"
         "  //@ loop_invariant Perm(a[get_global_id(0)], write);\n"
         "  for (int j = 0;\n"
         "       __invariant(__write_implies(a, __write_offset_bytes(a) / sizeof(int) == tid)),\n"
         "       j < 100; j++)\n"
         "    a[tid] = j;\n"
         "}\n",
         Verdict::Verified, {});
  expect(
      "/*@ context a != NULL ** \\pointer_length(a) == get_global_size(0) ** "
      "Perm(a[get_global_id(0)], write); @*/\n"
      "__kernel void k(__global int *a) {\n"
      "  unsigned tid = get_global_id(0);\n"
      "  //@ loop_invariant Perm(a[get_global_id(0)], write);\n"
      "  for (int j = 0;\n"
      "       __invariant(__write_implies(a, __write_offset_bytes(a) / sizeof(int) == tid + 1)),\n"
      "       j < 100; j++)\n"
      "    a[tid] = j;\n"
      "}\n",
      Verdict::Failed, {{"loop.preserve", 6}});
}

TEST_CASE("GPUVerify's access-history predicates kprove cannot read are unsupported",
          "[c][gpuverify][history]") {
  // In a helper kept modular (it has a contract): the log is the kernel's.
  auto r = run("void f(__global int *p) {\n"
               "  __requires(!__read(p));\n"
               "}\n"
               "__kernel void k(__global int *a) {\n"
               "  f(a);\n"
               "}\n",
               ".cl");
  CHECK(r.errors == Errors{{"unsupported", 2}});
  CHECK(mentions(r.raw.errors, "verifies on its own"));
  // Of something that is not an array named directly.
  r = run("__kernel void k(__global int *a) {\n"
          "  __assert(!__read(a + 1));\n"
          "}\n",
          ".cl");
  CHECK(r.errors == Errors{{"unsupported", 2}});
  // The values accessed.
  r = run("__kernel void k(__global int *a) {\n"
          "  __reads_from(a);\n"
          "}\n",
          ".cl");
  CHECK(r.errors == Errors{{"unsupported", 2}});
  CHECK(mentions(r.raw.errors, "'__reads_from'"));
}

TEST_CASE("GPUVerify's function-wide invariant: an invariant of every loop",
          "[c][gpuverify][history]") {
  expect("/*@ context A != NULL ** \\pointer_length(A) == get_global_size(0) ** "
         "Perm(A[get_global_id(0)], write); @*/\n"
         "__kernel void k(__global unsigned *A) {\n"
         "  A[get_global_id(0)] = 1;\n"
         "  //@ loop_invariant Perm(A[get_global_id(0)], write);\n"
         "  for (int i = 0; i < 8; ++i)\n"
         "    A[get_global_id(0)] = 1;\n"
         "  __function_wide_invariant(A[get_global_id(0)] == 1);\n"
         "}\n",
         Verdict::Verified, {});
  expect("/*@ context A != NULL ** \\pointer_length(A) == get_global_size(0) ** "
         "Perm(A[get_global_id(0)], write); @*/\n"
         "__kernel void k(__global unsigned *A) {\n"
         "  A[get_global_id(0)] = 1;\n"
         "  //@ loop_invariant Perm(A[get_global_id(0)], write);\n"
         "  for (int i = 0; i < 8; ++i)\n"
         "    A[get_global_id(0)] = 1;\n"
         "  //@ loop_invariant Perm(A[get_global_id(0)], write);\n"
         "  for (int i = 0; i < 8; ++i)\n"
         "    A[get_global_id(0)] = 2;\n"
         "  __function_wide_invariant(A[get_global_id(0)] == 1);\n"
         "}\n",
         Verdict::Failed, {{"loop.preserve", 10}});
  // Not at the end, or naming a variable it assigns: a type error.
  auto r = run("__kernel void k(unsigned i) {\n"
               "  __function_wide_invariant(i % 2 == 0);\n"
               "  for (int j = 0; j < 100; j += 2) {}\n"
               "}\n",
               ".cl");
  CHECK(r.errors == Errors{{"type", 2}});
  r = run("__kernel void k(unsigned i) {\n"
          "  for (i = 0; i < 100; i += 2) {}\n"
          "  __function_wide_invariant(i % 2 == 0);\n"
          "}\n",
          ".cl");
  CHECK(r.errors == Errors{{"type", 3}});
}

TEST_CASE("GPUVerify's non-overflowing addition", "[c][gpuverify][history]") {
  // In code: the sum, assumed not to overflow.
  expect("__kernel void k(unsigned x, unsigned y) {\n"
         "  unsigned z = __add_noovfl_unsigned_int(x, y);\n"
         "  __assert(z >= x && z >= y);\n"
         "}\n",
         Verdict::Verified, {});
  expect("__kernel void k(unsigned x, unsigned y) {\n"
         "  unsigned z = x + y;\n"
         "  __assert(z >= x && z >= y);\n"
         "}\n",
         Verdict::Failed, {{"assert", 3}});
  // The predicate.
  expect("__kernel void k(unsigned x, unsigned y, unsigned z) {\n"
         "  __requires(__add_noovfl(x, y, z));\n"
         "  unsigned w = x + y + z;\n"
         "  __assert(w >= x && w >= y && w >= z);\n"
         "}\n",
         Verdict::Verified, {});
  expect("__kernel void k(unsigned x) {\n"
         "  __requires(x < 100);\n"
         "  __assert(__add_noovfl(x, 4294967295u));\n"
         "}\n",
         Verdict::Failed, {{"assert", 3}});
  expect("__kernel void k(unsigned x) {\n"
         "  __assert(__mod_pow2(x, 8) == x % 8);\n"
         "}\n",
         Verdict::Verified, {});
}

TEST_CASE("Calls in loop conditions run before each test", "[c][gpuverify][history]") {
  expect("/*@ requires i < 100; ensures \\result == i + 1; @*/\n"
         "__device__ int next(int i) { return i + 1; }\n"
         "__global__ void k() {\n"
         "  int i = 0;\n"
         "  while (__invariant(i >= 0 && i <= 10), next(i) <= 10) {\n"
         "    i++;\n"
         "    if (i == 5) continue;\n"
         "  }\n"
         "  __assert(i == 10);\n"
         "}\n",
         Verdict::Verified, {}, ".cu");
  expect("/*@ requires i < 100; ensures \\result == i + 1; @*/\n"
         "__device__ int next(int i) { return i + 1; }\n"
         "__global__ void k() {\n"
         "  int i = 0;\n"
         "  do { i++; } while (__invariant(i >= 1 && i <= 10), next(i) <= 10);\n"
         "  __assert(i == 11);\n"
         "}\n",
         Verdict::Failed, {{"assert", 6}}, ".cu");
}

TEST_CASE("A call in the index of an assigned array cell is evaluated first",
          "[c][gpuverify][history]") {
  auto r = run("kernel void counter(local int *A) {\n"
               "  local int count;\n"
               "  if (get_local_id(0) == 0) count = 0;\n"
               "  barrier(CLK_LOCAL_MEM_FENCE);\n"
               "  A[atomic_inc(&count)] = get_local_id(0);\n"
               "}\n",
               ".cl");
  CHECK_FALSE(r.errors.count({"unsupported", 5}));
  // x op= y reads its target too: the call would run twice.
  r = run("/*@ requires x < 100; ensures \\result == x; @*/\n"
          "int f(int x) { return x; }\n"
          "__kernel void k(__global int *a) {\n"
          "  a[f(0)] += 1;\n"
          "}\n",
          ".cl");
  CHECK(r.errors == Errors{{"unsupported", 4}});
}

TEST_CASE("Fence flags computed at run time fence nothing", "[c][gpuverify][history]") {
  // Thread 0 fences local memory, the others do not: the barrier fences nothing, so
  // the write's permission cannot move from thread 0 to thread 1.
  const std::string src =
      "/*@ requires \\pointer_length(p) == 4 ** (get_local_id(0) == 0 ==> Perm(p[0], write)); @*/\n"
      "__kernel void k(__local int *p) {\n"
      "  int x = get_local_id(0) == 0 ? CLK_LOCAL_MEM_FENCE : 0;\n"
      "  if (get_local_id(0) == 0) p[0] = 1;\n"
      "  /*@ requires get_local_id(0) == 0 ==> Perm(p[0], write);\n"
      "      ensures get_local_id(0) == 1 ==> Perm(p[0], write); @*/\n"
      "  barrier(x);\n"
      "  if (get_local_id(0) == 1) p[0] = 2;\n"
      "}\n";
  auto r = run(src, ".cl");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == Errors{{"barrier.fence", 6}});
  CHECK(mentions(r.raw.remarks, "not a constant"));
  // With constant flags it verifies.
  std::string fenced = src;
  fenced.replace(fenced.find("barrier(x)"), 10, "barrier(CLK_LOCAL_MEM_FENCE)");
  expect(fenced, Verdict::Verified, {});
}
