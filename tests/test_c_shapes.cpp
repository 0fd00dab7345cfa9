// Array shapes of OpenCL / CUDA kernels (lang/c/lower_arrays.cpp): multi-dimensional
// local and private arrays (one row-major array; inner indices within their
// dimension), shared scalars (a local array of one cell) and private arrays (each
// thread's own, held wholly). Each accepted form is checked by a verdict and a failing
// variant at its line; each rejected form is unsupported at its line, naming it.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <string>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

using kprove::testing::mentions;
using kprove::testing::replaced;

namespace {

kprove::testing::SnippetResult run(const std::string &text, const std::string &ext) {
  return runSnippet(text, "shapes", ext);
}

void expect(const std::string &src, Verdict verdict, Errors errors,
            const std::string &ext = ".cl") {
  kprove::testing::expectOutcome(src, verdict, errors, ext, "shapes");
}

// A 16x16 group transposes its block through a 2-D tile padded to 17 columns.
const char *kTile = R"(/*@
  context get_local_size(0) == 16 && get_local_size(1) == 16;
  context get_num_groups(0) == 2 && get_num_groups(1) == 2;
  context in != NULL && out != NULL && \pointer_length(in) == 1024 && \pointer_length(out) == 1024;
  context Perm(&in[get_global_id(1) * 32 + get_global_id(0)], 1\2);
  context Perm(&out[(get_group_id(0) * 16 + get_local_id(1)) * 32 + get_group_id(1) * 16 + get_local_id(0)], write);
  requires Perm(&tile[get_local_id(1)][get_local_id(0)], write);
@*/
__kernel void t(__global int *in, __global int *out) {
  __local int tile[16][17];
  int lx = get_local_id(0);
  int ly = get_local_id(1);
  tile[ly][lx] = in[get_global_id(1) * 32 + get_global_id(0)];
  /*@
    context get_local_size(0) == 16 && get_local_size(1) == 16;
    requires Perm(&tile[get_local_id(1)][get_local_id(0)], write);
    ensures Perm(&tile[get_local_id(0)][get_local_id(1)], 1\2);
  @*/
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(get_group_id(0) * 16 + ly) * 32 + get_group_id(1) * 16 + lx] = tile[lx][ly];
}
)";

} // namespace

TEST_CASE("a 2-D local tile is one row-major array", "[c][shapes]") {
  expect(kTile, Verdict::Verified, {});
  // Read untransposed: the cell was handed in at the barrier.
  expect(replaced(kTile, "= tile[lx][ly];", "= tile[ly][lx];"), Verdict::Failed,
         {{"perm.read", 20}});
  // The barrier hands one cell out to two work items.
  expect(replaced(kTile, "][get_local_id(1)], 1\\2);", "][get_local_id(1) / 2], 1\\2);"),
         Verdict::Failed, {{"injectivity", 17}, {"perm.read", 20}});
}

TEST_CASE("an inner index must lie within its dimension", "[c][shapes][soundness]") {
  // m[0][3] is the cell m[1][0] of the flat array, but undefined in C.
  const std::string src = "__kernel void k(int j) {\n"                   // 1
                          "  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};\n"    // 2
                          "  //@ assert m[1][0] == 4 && m[0][2] == 3;\n" // 3
                          "  if (0 <= j && j < 3)\n"                     // 4
                          "    m[0][j] = 0;\n"                           // 5
                          "}\n";                                         // 6
  expect(src, Verdict::Verified, {});
  expect(replaced(src, "j < 3)", "j < 4)"), Verdict::Failed, {{"bounds", 5}});
}

TEST_CASE("private arrays are each thread's own", "[c][shapes]") {
  const std::string src = "__kernel void k(__global int *out) {\n" // 1
                          "  int t[4] = {5, 6};\n"                 // 2
                          "  int x = get_local_id(0);\n"           // 3
                          "  t[3] = x;\n"                          // 4
                          "  barrier(CLK_LOCAL_MEM_FENCE);\n"      // 5
                          "  //@ assert t[0] == 5 && t[1] == 6 && t[2] == 0 && t[3] == x;\n"
                          "}\n";
  expect(src, Verdict::Verified, {});
  expect(replaced(src, "t[2] == 0", "t[2] == 1"), Verdict::Failed, {{"assert", 6}});
  expect(replaced(src, "t[3] = x;", "t[4] = x;"), Verdict::Failed, {{"bounds", 4}});
  // Without an initialiser the contents are unknown.
  expect(replaced(src, " = {5, 6};", ";"), Verdict::Failed, {{"assert", 6}});
}

TEST_CASE("private arrays: the forms kprove rejects", "[c][shapes]") {
  auto inLoop = run("__kernel void k(int n) {\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    int t[2];\n"
                    "    t[0] = i;\n"
                    "  }\n"
                    "}\n",
                    ".cl");
  CHECK(inLoop.errors == Errors{{"unsupported", 3}});
  CHECK(mentions(inLoop, "declared inside a loop"));
  auto inContract = run("/*@ requires Perm(&t[0], write); @*/\n"
                        "__kernel void k() {\n"
                        "  int t[2];\n"
                        "  t[0] = 1;\n"
                        "}\n",
                        ".cl");
  CHECK(inContract.errors == Errors{{"unsupported", 1}});
  CHECK(mentions(inContract, "the private array 't' in a kernel's contract"));
  auto inHelper = run("int f(int i) {\n"
                      "  int t[2];\n"
                      "  t[0] = i;\n"
                      "  return t[0];\n"
                      "}\n",
                      ".cl");
  CHECK(inHelper.errors == Errors{{"unsupported", 2}});
  auto partial = run("__kernel void k() {\n"
                     "  __local int m[2][3];\n"
                     "  __local int *row = m[1];\n"
                     "}\n",
                     ".cl");
  CHECK(partial.verdict == Verdict::Invalid);
  CHECK(partial.errors.count({"unsupported", 3}) == 1);
}

TEST_CASE("a shared scalar is one cell of the work group", "[c][shapes]") {
  // Thread 0 writes it; after the barrier every thread reads it.
  const std::string src = "/*@\n"                                                 // 1
                          "  requires threadIdx.x == 0 ==> Perm(&flag, write);\n" // 2
                          "@*/\n"                                                 // 3
                          "__global__ void k(int *out) {\n"                       // 4
                          "  __shared__ int flag;\n"                              // 5
                          "  if (threadIdx.x == 0)\n"                             // 6
                          "    flag = 7;\n"                                       // 7
                          "  /*@\n"                                               // 8
                          "    requires threadIdx.x == 0 ==> Perm(&flag, write) ** flag == 7;\n"
                          "    ensures Perm(&flag, 1\\(blockDim.x)) ** flag == 7;\n" // 10
                          "  @*/\n"                                                  // 11
                          "  __syncthreads();\n"                                     // 12
                          "  int v = flag;\n"                                        // 13
                          "  //@ assert v == 7;\n"                                   // 14
                          "}\n";
  expect(src, Verdict::Verified, {}, ".cu");
  // Without the barrier the other threads read it without permission.
  std::string noBarrier = src;
  noBarrier.replace(
      noBarrier.find("  /*@\n    requires threadIdx.x == 0 ==> Perm(&flag, write) **"),
      noBarrier.find("  int v = flag;") -
          noBarrier.find("  /*@\n    requires threadIdx.x == 0 ==> Perm(&flag, write) **"),
      "\n\n\n\n\n");
  expect(noBarrier, Verdict::Failed, {{"perm.read", 13}}, ".cu");
}

TEST_CASE("a helper without a contract that uses thread ids is inlined", "[c][shapes][inline]") {
  const std::string src = "void store(__global int *a, int v) {\n" // 1
                          "  a[get_global_id(0)] = v;\n"           // 2
                          "}\n"                                    // 3
                          "/*@ context a != NULL && \\pointer_length(a) == get_global_size(0);\n"
                          "    context Perm(&a[get_global_id(0)], write); @*/\n" // 5
                          "__kernel void k(__global int *a) {\n"                 // 6
                          "  store(a, 3);\n"                                     // 7
                          "  //@ assert a[get_global_id(0)] == 3;\n"             // 8
                          "}\n";
  expect(src, Verdict::Verified, {});
  // The failure is at its line in the helper.
  auto wrong =
      run(replaced(src, "a[get_global_id(0)] = v;", "a[get_global_id(0) / 2] = v;"), ".cl");
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors == Errors{{"perm.write", 2}});
  // Early returns end their path; the result is the call's value.
  const std::string pick = "int pick(int x) {\n"                                   // 1
                           "  if (x > 0)\n"                                        // 2
                           "    return get_local_id(0);\n"                         // 3
                           "  return 0;\n"                                         // 4
                           "}\n"                                                   // 5
                           "__kernel void k(int x) {\n"                            // 6
                           "  int v = pick(x);\n"                                  // 7
                           "  //@ assert x > 0 ? v == get_local_id(0) : v == 0;\n" // 8
                           "}\n";
  expect(pick, Verdict::Verified, {});
  expect(replaced(pick, "v == 0;", "v == 1;"), Verdict::Failed, {{"assert", 8}});
  // A path that ends without a return gives no value (red team: the caller's
  // variable kept its old value, and a postcondition relying on it verified).
  expect(replaced(pick, "  return 0;\n", "\n"), Verdict::Failed, {{"post", 1}});
  // Its result unused: nothing is read, nothing fails.
  expect(replaced(replaced(pick, "  return 0;\n", "\n"),
                  "  int v = pick(x);\n  //@ assert x > 0 ? "
                  "v == get_local_id(0) : v == 0;\n",
                  "  pick(x);\n\n"),
         Verdict::Verified, {});
}

TEST_CASE("an atomic inside an inlined helper updates the caller's array",
          "[c][shapes][inline][atomic]") {
  // Red team: the atomic was recorded under the helper's parameter name `c`, which no
  // kernel array has, so the plain read of count[0] (racing with other threads'
  // atomics) verified.
  const std::string src =
      "__device__ void bump(int *c) { atomicAdd(&c[0], 1); }\n"                 // 1
      "/*@\n"                                                                   // 2
      "  context in != NULL && count != NULL && in != count;\n"                 // 3
      "  context \\pointer_length(in) == n && \\pointer_length(count) == 1;\n"  // 4
      "  context Perm(&count[0], 1\\(blockDim.x * gridDim.x));\n"               // 5
      "  context blockIdx.x * blockDim.x + threadIdx.x < n ==>\n"               // 6
      "    Perm(&in[blockIdx.x * blockDim.x + threadIdx.x], 1\\2);\n"           // 7
      "@*/\n"                                                                   // 8
      "__global__ void count_positive(int *in, int *count, int n, int cap) {\n" // 9
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"                      // 10
      "  if (i < n && in[i] > 0 && count[0] < cap)\n"                           // 11
      "    bump(count);\n"                                                      // 12
      "}\n";
  expect(src, Verdict::Failed, {{"perm.read", 11}}, ".cu");
  // Through a pointer variable, and through a function pointer.
  expect(replaced(src, "    bump(count);\n", "    { int *p = count; bump(p); }\n"), Verdict::Failed,
         {{"perm.read", 11}}, ".cu");
  expect(replaced(src, "    bump(count);\n", "    { void (*f)(int *) = bump; f(count); }\n"),
         Verdict::Failed, {{"perm.read", 11}}, ".cu");
  // Without the plain read it verifies.
  expect(replaced(src, " && count[0] < cap", ""), Verdict::Verified, {}, ".cu");
}

TEST_CASE("a barrier in an inlined helper follows the kernel's uniformity rules",
          "[c][shapes][inline]") {
  const std::string src = "void sync(void) {\n"               // 1
                          "  barrier(CLK_LOCAL_MEM_FENCE);\n" // 2
                          "}\n"                               // 3
                          "__kernel void k(int n) {\n"        // 4
                          "  if (n > 0)\n"                    // 5
                          "    sync();\n"                     // 6
                          "}\n";
  expect(src, Verdict::Verified, {});
  expect(replaced(src, "if (n > 0)", "if (get_local_id(0) < n)"), Verdict::Failed,
         {{"barrier.divergence", 2}});
}

TEST_CASE("inlining: recursion and returns in loops are unsupported", "[c][shapes][inline]") {
  // CUDA allows recursion; kprove cannot inline it.
  auto rec = run("__device__ int f(int n) {\n"
                 "  if (n <= 0)\n"
                 "    return threadIdx.x;\n"
                 "  return f(n - 1);\n"
                 "}\n"
                 "__global__ void k(int n) {\n"
                 "  int x = f(n);\n"
                 "}\n",
                 ".cu");
  CHECK(rec.verdict == Verdict::Invalid);
  CHECK(rec.errors.count({"unsupported", 4}) == 1);
  CHECK(mentions(rec, "a recursive call of 'f'"));
  // OpenCL C has no recursion at all (§6.9), also through a helper with a contract
  // (whose calls kprove would otherwise only prove partially correct).
  auto cl = run("int g(int x);\n"
                "/*@ ensures false; @*/\n"
                "int f(int x) { return g(x); }\n"
                "int g(int x) { return f(x); }\n"
                "__kernel void k(__global int *a) {\n"
                "  a[get_global_id(0)] = f(0);\n"
                "}\n",
                ".cl");
  CHECK(cl.verdict == Verdict::Invalid);
  CHECK(cl.errors == Errors{{"unsupported", 3}, {"unsupported", 4}});
  auto loop = run("int find(int n) {\n"
                  "  for (int i = 0; i < n; i++)\n"
                  "    if (i == get_local_id(0))\n"
                  "      return i;\n"
                  "  return -1;\n"
                  "}\n"
                  "__kernel void k(int n) {\n"
                  "  int x = find(n);\n"
                  "}\n",
                  ".cl");
  CHECK(loop.errors == Errors{{"unsupported", 4}});
  // With a contract the helper stays modular: its ids are the calling thread's
  // (parameters bound at each call, within their sizes).
  auto modular = run("//@ ensures \\result >= 0;\n"
                     "int id(void) {\n"
                     "  return get_local_id(0);\n"
                     "}\n"
                     "__kernel void k() {\n"
                     "  int x = id();\n"
                     "}\n",
                     ".cl");
  CHECK(modular.errors.empty());
  CHECK(modular.verdict == Verdict::Verified);
}

TEST_CASE("an unnamed parameter is accepted", "[c][shapes]") {
  expect("void f(int) {\n"
         "}\n"
         "__kernel void k(int s) {\n"
         "  f(s);\n"
         "}\n",
         Verdict::Verified, {});
}

TEST_CASE("file-scope constant memory is read-only, its OpenCL initialiser its contents",
          "[c][shapes]") {
  const std::string src =
      "__constant int table[4] = {1, 2, 3, 4};\n" // 1
      "/*@ context out != NULL && \\pointer_length(out) == get_global_size(0);\n"
      "    context Perm(&out[get_global_id(0)], write); @*/\n" // 3
      "__kernel void k(__global int *out) {\n"                 // 4
      "  int a = table[get_global_id(0) % 4];\n"               // 5
      "  barrier(CLK_GLOBAL_MEM_FENCE);\n"                     // 6
      "  int b = table[get_global_id(0) % 4];\n"               // 7
      "  //@ assert a == b;\n"                                 // 8
      "  out[get_global_id(0)] = a;\n"                         // 9
      "}\n";
  expect(src, Verdict::Verified, {});
  // OpenCL's initialiser is the contents (the host cannot change __constant
  // memory with an initialiser), so a is one of its values, not always the first.
  expect(replaced(src, "assert a == b;", "assert a == 1 || a == 2 || a == 3 || a == 4;"),
         Verdict::Verified, {});
  expect(replaced(src, "assert a == b;", "assert a == 1;"), Verdict::Failed, {{"assert", 8}});
  // Out of its bounds (and then a and b may differ).
  expect(replaced(src, "% 4];\n  barrier", "% 5];\n  barrier"), Verdict::Failed,
         {{"bounds", 5}, {"assert", 8}});
  // CUDA's __constant__ the same; a write from the kernel is rejected.
  auto write = run("__constant__ int c[8];\n"
                   "__global__ void k() {\n"
                   "  c[threadIdx.x % 8] = 1;\n"
                   "}\n",
                   ".cu");
  CHECK(write.errors.count({"unsupported", 3}) == 1);
  CHECK(mentions(write, "a write to constant memory 'c'"));
}
