// Regression tests for the causes of unsound "verified" answers found by the red
// team (docs/soundness.md, "Causes"): each checks a verdict, a code and a line, on
// kernels other than the samples in the issue and in tests/redteam/.
#include "snippet.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

void expect(const std::string &src, const std::string &ext, Verdict verdict, Errors errors) {
  auto r = runSnippet(src, "soundness", ext);
  INFO(src);
  for (const auto &[c, l] : r.errors)
    INFO(c << " at line " << l);
  CHECK(r.verdict == verdict);
  CHECK(r.errors == errors);
}

} // namespace

TEST_CASE("block scoping: an inner declaration never changes the outer variable",
          "[soundness][scoping]") {
  expect("void m() {\n"
         "  int x = 1;\n"
         "  if (true) { int x = 2; x = x + 1; }\n"
         "  { int x = 5; }\n"
         "  assert x == 1;\n"
         "}\n",
         ".pvl", Verdict::Verified, {});
  // A loop body's own `k` is not the loop's frame variable `k`.
  expect("void m() {\n"
         "  int k = 0;\n"
         "  int j = 0;\n"
         "  loop_invariant k == 0 && 0 <= j && j <= 3;\n"
         "  while (j < 3) { int k = 7; j = j + 1; }\n"
         "  assert k == 0;\n"
         "  assert j == 4;\n"
         "}\n",
         ".pvl", Verdict::Failed, {{"assert", 7}});
  // C: after the branch, `t` is the outer 0 again: every thread writes out[0].
  expect("/*@ context out != NULL && \\pointer_length(out) == get_global_size(0);\n"
         "    context Perm(&out[get_global_id(0)], write); @*/\n"
         "__kernel void k(__global int *out) {\n"
         "  int t = 0;\n"
         "  if (get_global_id(0) >= 0) { int t = get_global_id(0); out[t] = 1; }\n"
         "  out[t] = 2;\n"
         "}\n",
         ".cl", Verdict::Failed, {{"perm.write", 6}});
  // C: `int x = x + 1;` reads the new x (indeterminate), never the outer one.
  expect("__kernel void k(__global int *out) {\n"
         "  int x = 5;\n"
         "  { int x = x + 1; }\n"
         "}\n",
         ".cl", Verdict::Invalid, {{"unsupported", 3}});
}

TEST_CASE("loops forget what atomics in them change", "[soundness][loops]") {
  // The result of an atomic assigned in the loop is not its value before the loop.
  expect("/*@ context c != NULL && \\pointer_length(c) == 1;\n"
         "    context Perm(&c[0], 1\\(get_local_size(0) * get_num_groups(0))); @*/\n"
         "__kernel void k(__global int *c) {\n"
         "  int s = 0;\n"
         "  /*@ loop_invariant 0 <= i && i <= 3 && c != NULL && \\pointer_length(c) == 1;\n"
         "      loop_invariant Perm(&c[0], 1\\(get_local_size(0) * get_num_groups(0))); @*/\n"
         "  for (int i = 0; i < 3; i++) { s = atomic_add(&c[0], 1); }\n"
         "  //@ assert s == 0;\n"
         "}\n",
         ".cl", Verdict::Failed, {{"assert", 8}});
}

TEST_CASE("barrier divergence is decided semantically, returns in loops included",
          "[soundness][divergence]") {
  // A thread that returns after the barrier misses the next iteration's barrier,
  // also when the return sits in a nested block.
  expect("__kernel void k(__global int *out) {\n"
         "  int k = 0;\n"
         "  while (k < 3) {\n"
         "    barrier(CLK_LOCAL_MEM_FENCE);\n"
         "    { if (get_local_id(0) == 3) { return; } }\n"
         "    k = k + 1;\n"
         "  }\n"
         "}\n",
         ".cl", Verdict::Failed, {{"barrier.divergence", 4}});
  // Thread-dependent in general, so divergent.
  expect("__kernel void k(__global int *out, int n) {\n"
         "  int g = get_global_id(0);\n"
         "  if (g >= n) return;\n"
         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
         "}\n",
         ".cl", Verdict::Failed, {{"barrier.divergence", 4}});
  // Uniform by value, though a thread id was involved: no false alarm.
  expect("__kernel void k(__global int *out, int n) {\n"
         "  int i = get_local_id(0);\n"
         "  i = 4;\n"
         "  if (i > 0) barrier(CLK_LOCAL_MEM_FENCE);\n"
         "  int g = get_global_id(0);\n"
         "  if (g >= get_global_size(0)) return;\n"
         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
         "  if (n > 0) barrier(CLK_LOCAL_MEM_FENCE);\n"
         "}\n",
         ".cl", Verdict::Verified, {});
  // The block id is one value per block.
  expect("__global__ void k(int *out) {\n"
         "  if (blockIdx.x == 0) __syncthreads();\n"
         "  for (int i = 0; i < blockIdx.x; i++) __syncthreads();\n"
         "}\n",
         ".cu", Verdict::Verified, {});
}

TEST_CASE("atomics and aliasing are decided per location", "[soundness][atomics]") {
  // The contract says the buffers are distinct: the plain read of b is race free.
  expect("/*@ context a != NULL && b != NULL && a != b;\n"
         "    context \\pointer_length(a) == 1 && \\pointer_length(b) == 1;\n"
         "    context Perm(&a[0], 1\\(2 * blockDim.x * gridDim.x));\n"
         "    context Perm(&b[0], 1\\(2 * blockDim.x * gridDim.x)); @*/\n"
         "__global__ void k(int *a, int *b) {\n"
         "  atomicAdd(&a[0], 1);\n"
         "  int x = b[0];\n"
         "}\n",
         ".cu", Verdict::Verified, {});
  // Without `a != b` the halves may be one cell's: the read races the atomics.
  expect("/*@ context a != NULL && b != NULL;\n"
         "    context \\pointer_length(a) == 1 && \\pointer_length(b) == 1;\n"
         "    context Perm(&a[0], 1\\(2 * blockDim.x * gridDim.x));\n"
         "    context Perm(&b[0], 1\\(2 * blockDim.x * gridDim.x)); @*/\n"
         "__global__ void k(int *a, int *b) {\n"
         "  atomicAdd(&a[0], 1);\n"
         "  int x = b[0];\n"
         "}\n",
         ".cu", Verdict::Failed, {{"perm.read", 7}});
}

TEST_CASE("bodiless pure functions are trusted only where they are called", "[soundness][pure]") {
  auto r = runSnippet("requires n > 0;\n"
                      "ensures \\result == n && \\result == n + 1;\n"
                      "pure int f(int n);\n"
                      "\n"
                      "void m() {\n"
                      "  assert 1 == 2;\n"
                      "}\n",
                      "soundness");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == Errors{{"assert", 6}});
  // The trust is said, as a note at the function.
  REQUIRE(r.raw.remarks.size() == 1);
  CHECK(r.raw.remarks[0].message.find("trusted") != std::string::npos);
}
