// One test per statement kind and per obligation kind: each checks the verdict,
// the diagnostic code and the line it lands on.
#include "snippet_checks.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>

using kprove::driver::Verdict;
using kprove::testing::expectFail;
using kprove::testing::expectVerified;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

TEST_CASE("assignment, if and assert", "[vcgen]") {
  expectVerified("void m(int x) {\n int y = x + 1;\n if (y > 0) { y = y - 1; } else { y = 0; }\n"
                 " assert y >= 0 || x < 0;\n}\n");
  expectFail("void m(int x) {\n int y = x;\n assert y > 0;\n}\n", {{"assert", 3}});
}

TEST_CASE("reading and writing need permission", "[vcgen]") {
  expectFail("requires a != null && a.length > 0;\nvoid m(int[] a) {\n int x = a[0];\n}\n",
             {{"perm.read", 3}});
  expectFail("requires a != null && a.length > 0 ** Perm(a[0], 1\\2);\nvoid m(int[] a) {\n"
             " a[0] = 1;\n}\n",
             {{"perm.write", 3}});
  expectVerified("requires a != null && a.length > 0 ** Perm(a[0], write);\n"
                 "ensures Perm(a[0], write) ** a[0] == 1;\nvoid m(int[] a) {\n a[0] = 1;\n}\n");
}

TEST_CASE("bounds, null and division by zero", "[vcgen]") {
  expectFail("requires a != null && a.length == 1 ** Perm(a[0], write);\nvoid m(int[] a) {\n"
             " a[1] = 0;\n}\n",
             {{"bounds", 3}}); // checked facts are assumed: no cascade on the same line
  expectFail("void m(int[] a) {\n int n = a.length;\n}\n", {{"null", 2}});
  expectFail("void m(int x) {\n int y = 10 / x;\n}\n", {{"div.zero", 2}});
}

TEST_CASE("calls: preconditions at the call, postconditions assumed", "[vcgen]") {
  expectFail("requires x > 0;\nensures \\result == x + 1;\nint inc(int x) { return x + 1; }\n"
             "void m() {\n int y = inc(0);\n}\n",
             {{"pre", 5}});
  expectVerified("requires x > 0;\nensures \\result == x + 1;\nint inc(int x) { return x + 1; }\n"
                 "void m() {\n int y = inc(1);\n assert y == 2;\n}\n");
  expectFail("ensures \\result > 0;\nint m(int x) {\n return x;\n}\n", {{"post", 1}});
}

TEST_CASE("loops: invariant on entry and preserved", "[vcgen]") {
  expectVerified(
      "requires n >= 0;\nvoid m(int n) {\n int i = 0;\n loop_invariant 0 <= i && i <= n;\n"
      " while (i < n) { i = i + 1; }\n assert i == n;\n}\n");
  expectFail(
      "void m(int n) {\n int i = 0;\n loop_invariant i == 1;\n while (i < n) { i = i + 1; }\n}\n",
      {{"loop.entry", 3}, {"loop.preserve", 3}});
}

TEST_CASE("framing: clauses must be self-framing left to right", "[vcgen]") {
  expectFail("requires a != null && a.length > 0;\nrequires a[0] == 1 ** Perm(a[0], write);\n"
             "void m(int[] a) { }\n",
             {{"framing", 2}});
}

TEST_CASE("a precondition claiming more than a full permission is rejected", "[vcgen]") {
  // Every thread of the group holds half of a[0]: too much from three threads on.
  expectFail("kernel k {\n global int[gsize] a;\n requires perm(a[0], 50);\n void main() { }\n}\n",
             {{"resources", 3}});
  // Method parameters may alias: overlapping permissions only say they do not.
  expectVerified("requires a != null && b != null && a.length > 0 && b.length > 0;\n"
                 "requires Perm(a[0], write) ** Perm(b[0], write);\n"
                 "void m(int[] a, int[] b) { a[0] = 1; b[0] = 2; assert a[0] == 1; }\n");
}

TEST_CASE("quantified permissions need injective locations", "[vcgen]") {
  expectFail(
      "requires a != null && a.length == 10;\n"
      "requires (\\forall* int i; 0 <= i && i < 10; Perm(a[i / 2], 1\\4));\nvoid m(int[] a) { }\n",
      {{"injectivity", 2}});
}

TEST_CASE("pure functions: preconditions and termination", "[vcgen]") {
  expectFail("pure int f(int n) = f(n);\n", {{"termination", 1}});
  expectVerified("pure int fact(int n) = n <= 0 ? 1 : n * fact(n - 1);\n"
                 "void m() { assert fact(3) == 6; }\n");
  expectFail("requires n > 0;\npure int g(int n) = n;\nvoid m() {\n int x = g(0);\n}\n",
             {{"fn.pre", 4}});
}

TEST_CASE("par blocks: thread pre and post", "[vcgen]") {
  const char *ok = "context_everywhere a != null;\n"
                   "context (\\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));\n"
                   "void m(int[] a) {\n"
                   " par (int tid = 0 .. a.length)\n"
                   "  context Perm(a[tid], write);\n"
                   "  ensures a[tid] == 1;\n"
                   " { a[tid] = 1; }\n"
                   "}\n";
  expectVerified(ok);
  expectFail("context_everywhere a != null;\n"
             "context (\\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));\n"
             "void m(int[] a) {\n"
             " par (int tid = 0 .. a.length)\n"
             "  context Perm(a[0], write);\n"
             " { a[0] = 1; }\n"
             "}\n",
             {{"par.pre", 5}});
  expectFail("context_everywhere a != null;\n"
             "context (\\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));\n"
             "void m(int[] a) {\n"
             " par (int tid = 0 .. a.length)\n"
             "  context Perm(a[tid], write);\n"
             "  ensures a[tid] == 2;\n"
             " { a[tid] = 1; }\n"
             "}\n",
             {{"par.post", 6}});
}

TEST_CASE("barriers: divergence, redistribution, postcondition", "[vcgen]") {
  const char *head = "context_everywhere a != null && a.length > 1;\n"
                     "context (\\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));\n"
                     "void m(int[] a) {\n"
                     " par p (int tid = 0 .. a.length)\n"
                     "  context Perm(a[tid], write);\n"
                     " {\n";
  expectFail(std::string(head) +
                 "  if (tid < 1) {\n"
                 "   barrier(p) { requires Perm(a[tid], write); ensures Perm(a[tid], write); }\n"
                 "  }\n }\n}\n",
             {{"barrier.divergence", 8}});
  expectFail(std::string(head) +
                 "  barrier(p) { requires Perm(a[tid], write);\n"
                 "   ensures Perm(a[tid], write) ** Perm(a[(tid + 1) % a.length], 1\\2); }\n"
                 " }\n}\n",
             {{"barrier.redistribute", 8}});
  expectFail(std::string(head) + "  a[tid] = tid;\n"
                                 "  barrier(p) { requires Perm(a[tid], write); ensures "
                                 "Perm(a[tid], write) ** a[tid] == 0; }\n"
                                 " }\n}\n",
             {{"barrier.post", 8}});
}

TEST_CASE("a function's own axioms never justify its checks", "[vcgen][soundness]") {
  // f(n) == f(n) + 1 is inconsistent; its termination check must still fail.
  expectFail("pure int f(int n) = f(n) + 1;\nvoid m() { assert 1 == 2; }\n", {{"termination", 1}});
  // g's postcondition must not be proved from g's postcondition axiom.
  expectFail("pure int f(int n) = n <= 0 ? 0 : f(n - 1) + 1;\nensures \\result == n;\n"
             "pure int g(int n) = f(n);\n",
             {{"post", 2}});
  // Induction on the measure is allowed.
  expectVerified("requires n >= 0;\nensures \\result >= 1;\n"
                 "pure int fact(int n) = n <= 0 ? 1 : n * fact(n - 1);\n");
}

TEST_CASE("rationals are exact", "[vcgen]") {
  expectVerified("void m() { assert 1\\3 + 1\\3 + 1\\3 == write; assert 2\\4 == 1\\2; }\n");
  expectFail("void m() {\n assert 1\\3 + 1\\3 == 1\\2;\n}\n", {{"assert", 2}});
}

TEST_CASE("read is a positive fraction below write", "[vcgen]") {
  expectVerified("requires a != null && a.length > 0 ** Perm(a[0], read);\n"
                 "ensures Perm(a[0], read);\nvoid m(int[] a) { int x = a[0]; }\n");
  expectFail("requires a != null && a.length > 0 ** Perm(a[0], read);\n"
             "void m(int[] a) {\n a[0] = 1;\n}\n",
             {{"perm.write", 3}});
}

TEST_CASE("two-dimensional parallel blocks", "[vcgen]") {
  expectVerified("requires n > 0 && m > 0;\nvoid p(int n, int m) {\n"
                 " par (int i = 0 .. n, int j = 0 .. m)\n  ensures i + j < n + m;\n"
                 " { assert 0 <= i && i < n && 0 <= j && j < m; }\n}\n");
  expectFail("requires n > 0 && m > 0;\nvoid p(int n, int m) {\n"
             " par (int i = 0 .. n, int j = 0 .. m)\n"
             " {\n  assert j < n;\n }\n}\n",
             {{"assert", 5}});
}

TEST_CASE("soundness regressions found in review", "[vcgen][soundness]") {
  // A seed barrier must not assume the kernel precondition's facts at the barrier.
  expectFail("kernel k { global int[gsize] a;\n"
             "  requires perm(a[tid], 100) * a[tid] = tid;\n"
             "  void main() { a[tid] := 7;\n"
             "    barrier(1, {global}) { requires perm(a[tid], 100);\n"
             "      ensures perm(a[(tid + 1) mod gsize], 10);\n"
             "      ensures a[(tid + 1) mod gsize] = (tid + 1) mod gsize; }\n"
             "  } }\n",
             {{"barrier.post", 6}});
  // \old in a par block's postcondition is the state when the block starts.
  expectFail("context_everywhere a != null && a.length > 0;\n"
             "context (\\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));\n"
             "ensures a[0] == \\old(a[0]) + 1;\n"
             "void m(int[] a) {\n  a[0] = a[0] + 5;\n"
             "  par (int tid = 0 .. a.length)\n    context Perm(a[tid], write);\n"
             "    ensures a[tid] == \\old(a[tid]) + 1;\n  { a[tid] = a[tid] + 1; }\n}\n",
             {{"post", 3}});
  // A thread may not assign the method's variables, however deeply nested.
  auto r = runSnippet("requires n > 0;\nvoid m(int n) {\n  int x = 0;\n"
                      "  par (int i = 0 .. n) { if (true) { x = 5; } }\n  assert x == 0;\n}\n");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == Errors{{"unsupported", 4}});
  // A pure function reading memory its precondition gives no permission to (nor
  // bounds for): both reported at the read (docs/language.md §7).
  auto c = runSnippet("requires a != null;\npure int get(int[] a) = a[0];\n");
  CHECK(c.verdict == Verdict::Failed);
  CHECK(c.errors == Errors{{"bounds", 2}, {"perm.read", 2}});
}

TEST_CASE("vacuity: contradictory preconditions are errors on the blamed clause",
          "[vcgen][vacuity]") {
  // Methods: whole first, then the shortest unsatisfiable prefix.
  expectFail("requires false;\nvoid m(int x) {\n assert x == 7;\n}\n", {{"vacuous", 1}});
  expectFail("requires x > 0;\nrequires y > x;\nrequires y < 0;\nrequires x < 100;\n"
             "void m(int x, int y) {\n assert x == 7;\n}\n",
             {{"vacuous", 3}});
  // One clause that is a conjunction: that clause.
  expectFail("requires x > 0 && x < 0;\nvoid m(int x) {\n int y = x;\n}\n", {{"vacuous", 1}});
  // Permissions count in methods (no resource consistency check there).
  expectFail("requires a != null && a.length > 1;\nrequires Perm(a[0], write);\n"
             "requires Perm(a[0], 1\\2);\nvoid m(int[] a) {\n int y = 0;\n}\n",
             {{"vacuous", 3}});
  // An empty body and no postcondition: nothing rests on the precondition, so its
  // contradiction is a warning on the blamed clause (VerCors accepts the method).
  {
    auto r = runSnippet("requires x > 0 && x < 0;\nvoid m(int x) {\n}\n");
    CHECK(r.verdict == Verdict::Verified);
    bool warned = false;
    for (const kprove::Diagnostic &w : r.raw.warnings)
      warned = warned || (w.code == kprove::DiagCode::Vacuous &&
                          w.message.find("nothing rests on it") != std::string::npos);
    CHECK(warned);
    expectFail("requires x > 0 && x < 0;\nensures x == 1;\nvoid m(int x) {\n}\n",
               {{"vacuous", 1}});
  }
  // Two arrays each with a write permission: they are distinct, not contradictory.
  expectVerified("requires a != null && b != null && a.length > 0 && b.length > 0;\n"
                 "requires Perm(a[0], write) ** Perm(b[0], write);\nvoid m(int[] a, int[] b) {\n"
                 " a[0] = 1;\n b[0] = 2;\n}\n");
  // A method without body verifies nothing: not checked.
  expectVerified("requires false;\nvoid m(int x);\n");
  // Parallel blocks: for two distinct threads, unless the range has one thread.
  expectFail("requires n > 1;\nvoid m(int n) {\n par (int tid = 0 .. n)\n"
             "  requires tid == 0 && tid == 1;\n {\n }\n}\n",
             {{"par.pre", 4}, {"vacuous", 4}});
  expectVerified("requires n == 3;\nvoid m(int n) {\n par (int tid = 2 .. n)\n"
                 "  requires tid == 2;\n {\n assert tid == 2;\n }\n}\n");
  // Two-dimensional blocks: two threads differ in one of their ids.
  expectVerified("requires n > 1;\nvoid m(int n) {\n par (int i = 0 .. n, int j = 0 .. 1)\n"
                 "  requires j == 0;\n {\n }\n}\n");
}

TEST_CASE("vacuity: a candidate model of over-claiming quantified permissions is no evidence",
          "[vcgen][vacuity]") {
  // Cause 13 (docs/soundness.md, "Vacuity"): two \forall* claim a[0] in full. The
  // contradiction is only found through quantifier instances, and on some seeds
  // the solver was left with a candidate model, counted as satisfiable: `assert
  // false` verified. Now such a model needs its pure part satisfiable and the
  // permissions proved consistent; here they are not, on every seed.
  const std::string oneD = "context_everywhere a != null && a.length == 4;\n"
                           "requires (\\forall* int i; 0 <= i && i < 2; Perm(a[i * i], write));\n"
                           "requires (\\forall* int i; 0 <= i && i < 2; Perm(a[i], write));\n"
                           "void f(int[] a) { assert false; }\n";
  const std::string twoD = "context_everywhere \\matrix(m, 2, 2);\n"
                           "requires (\\forall* int i; 0 <= i && i < 2; Perm(m[i][i], write));\n"
                           "requires (\\forall* int i; 0 <= i && i < 2; Perm(m[i][0], write));\n"
                           "void f(int[][] m) { assert false; }\n";
  const char *seedsEnv = std::getenv("KPROVE_TEST_SEEDS");
  unsigned seeds = seedsEnv ? static_cast<unsigned>(std::max(1, std::atoi(seedsEnv))) : 5;
  for (const std::string *src : {&oneD, &twoD})
    for (unsigned seed = 0; seed < seeds; ++seed) {
      kprove::driver::RunOptions o;
      o.randomSeed = seed;
      INFO("seed " << seed << "\n" << *src);
      auto r = runSnippet(*src, "overclaim", ".pvl", o);
      CHECK(r.verdict != Verdict::Verified);
      // Proved contradictory (blamed on line 3), or undecided at the method.
      bool vacuous = r.errors.count({"vacuous", 3}) > 0;
      for (const kprove::Diagnostic &u : r.raw.unknowns)
        vacuous = vacuous || u.code == kprove::DiagCode::Vacuous;
      CHECK(vacuous);
    }
  // The same shapes claiming disjoint cells verify: the consistency check proves
  // what the candidate model could not.
  const std::string disjoint =
      "context_everywhere a != null && a.length == 4;\n"
      "requires (\\forall* int i; 0 <= i && i < 2; Perm(a[2 * i], write));\n"
      "requires (\\forall* int i; 0 <= i && i < 2; Perm(a[2 * i + 1], write));\n"
      "void f(int[] a) { a[0] = 1; a[3] = 2; assert a[0] == 1; }\n";
  expectVerified(disjoint);
  // A 1-D array and the rows of a matrix, each held in full (VerCors's
  // zero-many.pvl): consistent in the distinct layout, rows included.
  const std::string rows =
      "context_everywhere a != null && a.length == n && \\matrix(m, n, n);\n"
      "context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));\n"
      "context (\\forall* int i; 0 <= i && i < n; (\\forall* int j; 0 <= j && j < n; "
      "Perm(m[i][j], write)));\n"
      "ensures n > 0 ==> a[0] == 1;\n"
      "void f(int n, int[] a, int[][] m) {\n"
      "  if (n > 0) { a[0] = 1; }\n"
      "}\n";
  expectVerified(rows);
}

TEST_CASE("vacuity: GPU kernels with launch facts, one and two threads", "[vcgen][vacuity]") {
  auto cl = [](const std::string &src) { return runSnippet(src, "vac", ".cl"); };
  auto r = cl("/*@\n  requires get_local_size(0) == 0;\n@*/\n"
              "__kernel void k(__global int *a) {\n  a[0] = 1;\n}\n");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == Errors{{"vacuous", 2}});
  r = cl("/*@\n  requires n == get_local_id(0) + get_group_id(0) * get_local_size(0);\n@*/\n"
         "__kernel void k(__global int *a, int n) {\n  int x = n;\n}\n");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == Errors{{"vacuous", 2}});
  // Satisfiable by one thread of each group (local size 1): not vacuous.
  r = cl("/*@\n  requires get_local_id(0) == 0;\n@*/\n"
         "__kernel void k(__global int *a) {\n  int x = 1;\n}\n");
  CHECK(r.verdict == Verdict::Verified);
  // Forced to one thread by the precondition: intended.
  r = cl("/*@\n  requires get_local_size(0) == 1;\n  requires get_num_groups(0) == 1;\n"
         "  requires n == get_global_id(0);\n@*/\n"
         "__kernel void k(__global int *a, int n) {\n  int x = n;\n}\n");
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.errors.empty());
  // Pinned by the command line: the same.
  kprove::driver::RunOptions one;
  one.launch.localSize[0] = 1;
  one.launch.numGroups[0] = 1;
  for (int d = 1; d < 3; ++d)
    one.launch.localSize[d] = one.launch.numGroups[d] = 1;
  r = runSnippet("/*@\n  requires n == get_global_id(0);\n@*/\n"
                 "__kernel void k(__global int *a, int n) {\n  int x = n;\n}\n",
                 "vac", ".cl", one);
  CHECK(r.verdict == Verdict::Verified);
}

TEST_CASE("unreachable branches and loop exits are warnings", "[vcgen][vacuity]") {
  auto r = runSnippet("requires x > 0;\nvoid m(int x) {\n if (x < 0) {\n  x = 1;\n } else {\n"
                      "  x = 2;\n }\n int i = 0;\n loop_invariant i >= 0;\n while (true) {\n"
                      "  i = i + 1;\n }\n x = 3;\n}\n");
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.warnings == Errors{{"unreachable", 4}, {"unreachable", 9}});
  // Nested in an unreachable branch: reported once, at the outer branch.
  r = runSnippet("requires x > 0;\nvoid m(int x) {\n if (x < 0) {\n  if (x < 5) {\n   x = 1;\n"
                 "  }\n }\n}\n");
  CHECK(r.warnings == Errors{{"unreachable", 4}});
  // A loop that ends the body: nothing follows it, no check.
  r = runSnippet("void m(int x) {\n int i = 0;\n loop_invariant i >= 0;\n while (true) {\n"
                 "  i = i + 1;\n }\n}\n");
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.warnings.empty());
  // Reachable branches: no warning. Under a vacuous precondition: only the error.
  r = runSnippet("void m(int x) {\n if (x < 0) {\n  x = 1;\n }\n}\n");
  CHECK(r.warnings.empty());
  r = runSnippet("requires x > 0 && x < 0;\nvoid m(int x) {\n if (x < 0) {\n  x = 1;\n }\n}\n");
  CHECK(r.errors == Errors{{"vacuous", 1}});
  CHECK(r.warnings.empty());
}

// A par block's permission to a location every thread names, under a bound on the
// thread: only the threads in the bound hold it (red team 2026-11-24: unsupported,
// with a message about a \forall* the user never wrote).
TEST_CASE("par blocks: a bound on the thread narrows a shared location's count", "[vcgen]") {
  const std::string src = "context_everywhere a != null && a.length > 0;\n"
                          "requires Perm(a[0], 1\\4);\n"
                          "ensures Perm(a[0], 1\\4);\n"
                          "void m(int[] a) {\n"
                          "  par (int t = 0 .. 4)\n"
                          "    context t < 1 ==> Perm(a[0], 1\\4);\n"
                          "  { }\n"
                          "}\n";
  kprove::testing::expectVerified(src);
  // Two threads (t < 2) would need half of a[0], and the method holds a quarter.
  kprove::testing::expectFail(kprove::testing::replaced(src, "t < 1 ==>", "t < 2 ==>"),
                              {{"par.pre", 6}});
  // Thread 3 alone (2 < t): a quarter again.
  kprove::testing::expectVerified(kprove::testing::replaced(src, "t < 1 ==>", "2 < t ==>"));
}
