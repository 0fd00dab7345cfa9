// GPUVerify's annotation language (lang/c/lower_gpuverify.cpp, docs/language.md §11):
// calls such as __assert, __requires and __invariant become kprove's assertions,
// contracts and loop invariants; the predicates kprove does not model are
// `unsupported`, by name; candidate invariants about variables join kprove's own
// inferred candidates (kept when proved), the others are dropped with a note. Access
// histories and function-wide invariants: test_c_gpuverify_history.cpp.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::mentions;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

kprove::testing::SnippetResult run(const std::string &text, const std::string &ext) {
  return runSnippet(text, "gpuverify", ext);
}

void expect(const std::string &src, Verdict verdict, Errors errors,
            const std::string &ext = ".cl") {
  kprove::testing::expectOutcome(src, verdict, errors, ext, "gpuverify");
}

} // namespace

TEST_CASE("GPUVerify's __assert: an obligation at its line", "[c][gpuverify]") {
  const std::string head = "__kernel void k(int n) {\n" // 1
                           "  int x = n % 4;\n";        // 2
  expect(head + "  __assert(x < 4);\n}\n", Verdict::Verified, {});
  expect(head + "  __assert(x >= 0);\n}\n", Verdict::Failed, {{"assert", 3}});
  // In CUDA too, without any include.
  expect("__global__ void k(int n) {\n"
         "  int x = n % 4;\n"
         "  __assert(x < 4);\n"
         "  __assert(x < 3);\n"
         "}\n",
         Verdict::Failed, {{"assert", 4}}, ".cu");
}

TEST_CASE("GPUVerify's __assume: assumed, and an __assert after __assume(true) still fails",
          "[c][gpuverify]") {
  expect("__kernel void k(int n) {\n"
         "  __assume(n > 5);\n"
         "  __assert(n > 4);\n"
         "}\n",
         Verdict::Verified, {});
  expect("__kernel void k() {\n"
         "  __assume(true);\n"
         "  __assert(false);\n"
         "}\n",
         Verdict::Failed, {{"assert", 3}});
}

TEST_CASE("GPUVerify's __requires and __ensures: the contract of kernels and functions",
          "[c][gpuverify]") {
  // A kernel's precondition.
  expect("__kernel void k(int n) {\n"
         "  __requires(n > 0);\n"
         "  __assert(n != 0);\n"
         "}\n",
         Verdict::Verified, {});
  expect("__kernel void k(int n) {\n"
         "  __requires(n >= 0);\n"
         "  __assert(n != 0);\n"
         "}\n",
         Verdict::Failed, {{"assert", 3}});
  // A function's: checked at the call, and its postcondition with __return_val_int().
  const std::string twice = "int twice(int x) {\n"                        // 1
                            "  __requires(0 <= x && x < 1000);\n"         // 2
                            "  __ensures(__return_val_int() == 2 * x);\n" // 3
                            "  return x + x;\n"                           // 4
                            "}\n";                                        // 5
  expect(twice + "__kernel void k() {\n"
                 "  int y = twice(21);\n"
                 "  __assert(y == 42);\n"
                 "}\n",
         Verdict::Verified, {});
  expect(twice + "__kernel void k() {\n"
                 "  int y = twice(2000);\n"
                 "}\n",
         Verdict::Failed, {{"pre", 7}});
  // A wrong postcondition fails in the function.
  expect("int inc(int x) {\n"
         "  __requires(0 <= x && x < 1000);\n"
         "  __ensures(__return_val_int() == x);\n"
         "  return x + 1;\n"
         "}\n"
         "__kernel void k() {\n"
         "  int y = inc(1);\n"
         "}\n",
         Verdict::Failed, {{"post", 3}});
}

TEST_CASE("GPUVerify's contract must come first in the body", "[c][gpuverify]") {
  expect("__kernel void k(int n) {\n"
         "  int x = n;\n"
         "  __requires(n > 0);\n"
         "}\n",
         Verdict::Invalid, {{"type", 3}});
}

TEST_CASE("GPUVerify's __invariant in a loop's condition", "[c][gpuverify][loops]") {
  const std::string loop = "__kernel void k(int n) {\n"                         // 1
                           "  __requires(0 <= n && n < 1000);\n"                // 2
                           "  int s = 0;\n"                                     // 3
                           "  for (int i = 0; __invariant(0 <= i && i <= n),\n" // 4
                           "                  __invariant(s == 2 * i),\n";      // 5
  expect(loop + "                  i < n; i++) {\n"
                "    s = s + 2;\n"
                "  }\n"
                "  __assert(s == 2 * n);\n"
                "}\n",
         Verdict::Verified, {});
  // Not preserved: s grows by 3.
  expect(loop + "                  i < n; i++) {\n"
                "    s = s + 3;\n"
                "  }\n"
                "}\n",
         Verdict::Failed, {{"loop.preserve", 5}});
  // Not true on entry.
  expect("__kernel void k(int n) {\n"
         "  int i = 1;\n"
         "  while (__invariant(i == 0), i < n) {\n"
         "    i = i + 0;\n"
         "  }\n"
         "}\n",
         Verdict::Failed, {{"loop.entry", 3}});
  // An invariant outside a loop head is an error, never dropped.
  expect("__kernel void k(int n) {\n"
         "  int i = 0;\n"
         "  while (i < n) {\n"
         "    __invariant(i >= 0);\n"
         "    i++;\n"
         "  }\n"
         "}\n",
         Verdict::Invalid, {{"type", 4}});
}

TEST_CASE("GPUVerify's __implies and __enabled", "[c][gpuverify]") {
  expect("__kernel void k(int n) {\n"
         "  __requires(__implies(__enabled(), n > 3));\n"
         "  __assert(__implies(n > 10, n > 5));\n"
         "  __assert(n > 3);\n"
         "}\n",
         Verdict::Verified, {});
  expect("__kernel void k(int n) {\n"
         "  __assert(__implies(n > 5, n > 10));\n"
         "}\n",
         Verdict::Failed, {{"assert", 2}});
}

TEST_CASE("GPUVerify's __add_noovfl: the sum fits the type", "[c][gpuverify]") {
  expect("__kernel void k(unsigned a) {\n"
         "  __requires(a < 100);\n"
         "  __assert(__add_noovfl(a, 4294967195u));\n"
         "}\n",
         Verdict::Verified, {});
  expect("__kernel void k(unsigned a) {\n"
         "  __requires(a < 100);\n"
         "  __assert(__add_noovfl(a, 4294967295u));\n"
         "}\n",
         Verdict::Failed, {{"assert", 3}});
  // __add_noovfl_int is an addition (it assumes the sum fits), not a predicate.
  auto r = run("__kernel void k(int a) {\n"
               "  __assert(__add_noovfl_int(a, 1) > a);\n"
               "}\n",
               ".cl");
  CHECK(r.errors == Errors{{"unsupported", 2}});
}

TEST_CASE("GPUVerify's history and pointer predicates are unsupported by name",
          "[c][gpuverify][soundness]") {
  struct Case {
    std::string body;
    std::string name;
  };
  for (const Case &c : std::vector<Case>{
           {"  __writes_to(a);\n", "'__writes_to'"},
           {"  __assert(__ptr_offset_bytes(a) == 0);\n", "'__ptr_offset_bytes'"},
           {"  __assert(__dominator_enabled());\n", "'__dominator_enabled'"},
           {"  __barrier_invariant_binary_1(a[0] == 0, 0, 1);\n  barrier(CLK_GLOBAL_MEM_FENCE);\n",
            "'__barrier_invariant_binary_1'"},
       }) {
    std::string src = "__kernel void k(__global int *a, int n) {\n" + c.body + "}\n";
    auto r = run(src, ".cl");
    INFO(src);
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors == Errors{{"unsupported", 2}});
    CHECK(mentions(r.raw.errors, c.name));
  }
  // On a function, __global_requires binds the threads that do not call it too.
  auto r = run("void f(int x) {\n"
               "  __global_requires(x == 1);\n"
               "}\n"
               "__kernel void k() {\n"
               "  f(1);\n"
               "}\n",
               ".cl");
  CHECK(r.errors == Errors{{"unsupported", 2}});
}

TEST_CASE("GPUVerify's barrier invariants: the barrier's contract, instances proved at it",
          "[c][gpuverify][barriers][soundness]") {
  // Each work item writes its cell; the invariant holds at the barrier for every
  // work item, so after it for the right neighbour too. The contract hands the cells
  // over (a barrier's clauses are framed by its own permissions).
  const std::string head = "/*@ requires get_local_size(0) == 64;\n"              // 1
                           "    requires Perm(&A[get_local_id(0)], write); @*/\n" // 2
                           "__kernel void k() {\n"                                // 3
                           "  __local int A[64];\n"                               // 4
                           "  int mine = get_local_id(0);\n"                      // 5
                           "  A[get_local_id(0)] = get_local_id(0);\n";           // 6
  const std::string contract =
      "  /*@ requires Perm(&A[get_local_id(0)], write);\n"
      "      ensures Perm(&A[get_local_id(0)], 1\\2);\n"
      "      ensures get_local_id(0) + 1 < 64 ==> Perm(&A[get_local_id(0) + 1], 1\\2); @*/\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"; // 8..11
  const std::string after =
      "  if (get_local_id(0) < 63) __assert(A[get_local_id(0) + 1] == get_local_id(0) + 1);\n"
      "}\n"; // 12
  expect(head +
             "  __barrier_invariant_2(A[get_local_id(0)] == get_local_id(0), "
             "get_local_id(0), get_local_id(0) + 1);\n" +
             contract + after,
         Verdict::Verified, {});
  // Without the instance for the neighbour, its cell is unknown.
  expect(head +
             "  __barrier_invariant_1(A[get_local_id(0)] == get_local_id(0), "
             "get_local_id(0));\n" +
             contract + after,
         Verdict::Failed, {{"assert", 12}});
  // False at the barrier for some work item: barrier.pre, on the invariant's line.
  expect(head + "  __barrier_invariant_1(A[get_local_id(0)] == 0, get_local_id(0));\n" + contract +
             "}\n",
         Verdict::Failed, {{"barrier.pre", 7}});
  // A private variable keeps this work item's value in the instance (only the local id
  // is replaced): A[lid + 1] == mine does not follow, and is not assumed.
  expect(head + "  __barrier_invariant_1(A[get_local_id(0)] == mine, get_local_id(0) + 1);\n" +
             contract + "}\n",
         Verdict::Failed, {{"barrier.post", 7}});
  // Memory needs the contract's permission; the invariant must precede a barrier; no
  // two-thread predicates in it.
  expect(head + "  __barrier_invariant_1(A[get_local_id(0)] == get_local_id(0), 0);\n"
                "  barrier(CLK_LOCAL_MEM_FENCE);\n}\n",
         Verdict::Failed, {{"framing", 7}});
  expect(head + "  __barrier_invariant_1(mine >= 0, 0);\n  mine = 1;\n"
                "  barrier(CLK_LOCAL_MEM_FENCE);\n}\n",
         Verdict::Invalid, {{"type", 7}});
  expect(head + "  __barrier_invariant_1(__uniform_int(mine), 0);\n"
                "  barrier(CLK_LOCAL_MEM_FENCE);\n}\n",
         Verdict::Invalid, {{"unsupported", 7}});
}

TEST_CASE("GPUVerify's candidate invariants: kept when proved, else dropped",
          "[c][gpuverify][inference]") {
  // A candidate about variables joins kprove's own inference (docs/language.md §4):
  // i == 12345 fails on entry and is dropped; the kernel is proved without it.
  auto r = run("__kernel void k(int n) {\n"
               "  int i = 0;\n"
               "  while (__candidate_invariant(i == 12345), __invariant(i >= 0), i < n)\n"
               "    i++;\n"
               "  __assert(i >= 0);\n"
               "}\n",
               ".cl");
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.raw.inference.candidates >= 1);
  // i changes by two different steps, so kprove guesses nothing about it: the
  // user's candidate i >= 0 is what proves the assertion.
  const std::string irregular = "__kernel void k(int n, int b) {\n"       // 1
                                "  int i = 0;\n"                          // 2
                                "  while (CANDIDATE i < n && i < 1000)\n" // 3
                                "    if (b > 0) i += 1; else i += 2;\n"   // 4
                                "  __assert(i >= 0);\n"                   // 5
                                "}\n";
  auto with = [&](const std::string &c) {
    std::string src = irregular;
    src.replace(src.find("CANDIDATE "), 10, c);
    return src;
  };
  expect(with("__candidate_invariant(i >= 0), "), Verdict::Verified, {});
  expect(with(""), Verdict::Failed, {{"assert", 5}});
  // A false candidate is dropped, never reported.
  expect(with("__candidate_invariant(i < 0), "), Verdict::Failed, {{"assert", 5}});
  // A hint about memory is dropped with a note (ignoring it is sound).
  r = run("__kernel void k(__global int *a, int n) {\n"
          "  int i = 0;\n"
          "  while (__candidate_invariant(a[0] == 0), i < n)\n"
          "    i++;\n"
          "}\n",
          ".cl");
  CHECK(mentions(r.raw.remarks, "'__candidate_invariant' is ignored"));
}

// vcgen/two_thread.h: a claim about this thread and a second one of the launch, checked
// against a renamed copy of this thread's state; the second thread is enabled (at the
// same point of the lock-step run) where the threads arrive together.
TEST_CASE("GPUVerify's two-thread predicates: checked against a second thread of the launch",
          "[c][gpuverify][soundness]") {
  const std::string head = "__kernel void k(int n) {\n"; // 1
  expect(head + "  __assert(__uniform_int(n));\n"        // 2
                "  __assert(__distinct_int(get_global_id(0)));\n"
                "  __assert(__all(get_local_id(0) < get_local_size(0)));\n"
                "  __assert(__exclusive(get_global_id(0) == 0));\n"
                "  __assert(__other_int(__other_int(get_local_id(0))) == get_local_id(0));\n"
                "  __global_assert(get_local_id(0) < get_local_size(0));\n"
                "  for (int i = 0; __invariant(__uniform_int(i)), i < n; i++) {}\n"
                "}\n",
         Verdict::Verified, {});
  // __same_group: the group ids of every dimension are the second thread's.
  expect(head + "  __assert(__implies(__same_group, __distinct_int(get_local_id(0))));\n"
                "  __assert(__implies(__same_group, __uniform_int(get_group_id(0))));\n"
                "  __assert(__implies(!__same_group, __distinct_int(get_group_id(0))));\n}\n",
         Verdict::Verified, {});
  expect(head + "  __assert(__same_group);\n}\n", Verdict::Failed, {{"assert", 2}});
  // Local ids repeat in other groups; group ids repeat within a group.
  expect(head + "  __assert(__distinct_int(get_local_id(0)));\n}\n", Verdict::Failed,
         {{"assert", 2}});
  expect(head + "  __assert(__uniform_int(get_group_id(0)));\n}\n", Verdict::Failed,
         {{"assert", 2}});
  // A second thread that is not here keeps values of its own.
  expect(head + "  int x = 0;\n"
                "  if (get_local_id(0) == 0)\n"
                "    __assert(__uniform_int(x));\n"
                "}\n",
         Verdict::Failed, {{"assert", 4}});
  // Two-thread assumptions are dropped: assuming less is sound, never vacuous.
  expect(head + "  __assume(__distinct_int(n));\n"
                "  __assert(n == 5);\n"
                "}\n",
         Verdict::Failed, {{"assert", 3}});
  // __global_assert binds the threads that skip it too.
  expect(head + "  if (get_local_id(0) < 4)\n"
                "    __global_assert(get_local_id(0) < 4);\n"
                "}\n",
         Verdict::Failed, {{"assert", 3}});
  // Outside a kernel's thread there is no second thread: a helper's postcondition.
  auto r = run("int f(int x) {\n"
               "  __ensures(__uniform_int(x));\n"
               "  return x;\n"
               "}\n"
               "__kernel void k(int n) {\n"
               "  int y = f(n);\n"
               "}\n",
               ".cl");
  CHECK(r.errors == Errors{{"unsupported", 2}});
}
