// VerCors PVL constructs of its own examples: `new int[n]` (a fresh array), \old in a
// barrier's clauses, and context_everywhere framing the clauses after it. Verdicts
// with their code and line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <string>

using kprove::testing::expectFail;
using kprove::testing::expectVerified;
using kprove::testing::mentions;
using kprove::testing::runSnippet;

TEST_CASE("verdicts: new int[n] is a fresh array of zeros the method holds", "[vcgen][pvl]") {
  const char *src = "context_everywhere b != null && b.length == 1;\n"
                    "context Perm(b[0], write);\n"
                    "requires n > 1;\n"
                    "void m(int n, int[] b) {\n"
                    " b[0] = 7;\n"
                    " int[] a = new int[n];\n"
                    " assert a != null && a.length == n && a[1] == 0;\n"
                    " a[0] = 5;\n"
                    " assert b[0] == 7;\n" // fresh: writing a[0] cannot change b[0]
                    " assert a[0] == 5;\n"
                    "}\n";
  expectVerified(src);
  expectFail(kprove::testing::replaced(src, "a[1] == 0", "a[1] == 1"), {{"assert", 7}});
  expectFail(kprove::testing::replaced(src, "a[0] = 5", "a[n] = 5"), {{"bounds", 8}});
  // An assignment allocates too, each time anew.
  expectFail("void m() {\n int[] a = new int[1];\n int[] c = a;\n a = new int[1];\n"
             " assert a != c;\n assert a == c;\n}\n",
             {{"assert", 6}});
}

TEST_CASE("verdicts: a new array's size must not be negative", "[vcgen][pvl]") {
  expectFail("void m(int n) {\n int[] a = new int[n];\n}\n", {{"array.size", 2}});
  expectVerified("requires n >= 0;\nvoid m(int n) {\n int[] a = new int[n];\n}\n");
}

TEST_CASE("verdicts: a new array goes to a par block and back", "[vcgen][pvl]") {
  // VerCors's parallel-example1: the method allocates, its threads fill the cells in.
  const char *src = "void m() {\n int[10] x = new int[10];\n"
                    " par (int i = 0 .. 10) context Perm(x[i], write); ensures x[i] == i;\n"
                    " { x[i] = i; }\n assert x[3] == 3;\n}\n";
  expectVerified(src);
  expectFail(kprove::testing::replaced(src, "x[3] == 3", "x[3] == 4"), {{"assert", 5}});
}

TEST_CASE("pvl: new outside a statement's value or inside a thread is unsupported", "[pvl]") {
  auto inExpr = runSnippet("void m() {\n int n = (new int[2]).length;\n}\n");
  CHECK(inExpr.errors == kprove::testing::ErrorSet{{"unsupported", 2}});
  CHECK(mentions(inExpr, "whole value"));
  auto inPar = runSnippet("void m() {\n par (int t = 0 .. 2) {\n  int[] a = new int[2];\n }\n}\n");
  CHECK(inPar.errors == kprove::testing::ErrorSet{{"unsupported", 3}});
  auto twoDims = runSnippet("void m() {\n int[] a = new int[2][2];\n}\n");
  CHECK(twoDims.errors == kprove::testing::ErrorSet{{"unsupported", 2}});
  auto wrongType = runSnippet("void m() {\n int a = new int[2];\n}\n");
  CHECK(wrongType.errors == kprove::testing::ErrorSet{{"type", 2}});
}

TEST_CASE("verdicts: old in a barrier clause is the block's start, per thread", "[vcgen][pvl]") {
  const char *src = "context_everywhere a != null && b != null && a.length == n && b.length == n;\n"
                    "requires (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));\n"
                    "context (\\forall* int i; 0 <= i && i < n; Perm(b[i], 1\\2));\n"
                    "void m(int n, int[] a, int[] b) {\n"
                    " par p (int t = 0 .. n)\n"
                    "  requires Perm(a[t], write);\n"
                    "  context Perm(b[t], 1\\2);\n"
                    " {\n"
                    "  a[t] = b[t] + 1;\n"
                    "  barrier(p) {\n"
                    "   requires Perm(a[t], write) ** a[t] == \\old(b[t]) + 1;\n"
                    "   ensures Perm(a[t], 1\\2) ** (t > 0 ==> Perm(a[t - 1], 1\\2));\n"
                    "   ensures t > 0 ==> a[t - 1] == \\old(b[t - 1]) + 1;\n"
                    "  }\n"
                    " }\n"
                    "}\n";
  std::string ok = src;
  expectVerified(ok);
  // Another thread's \old(b[t - 1]) is its own pre-state value, not this thread's b[t].
  expectFail(kprove::testing::replaced(ok, "\\old(b[t - 1])", "\\old(b[t])"),
             {{"barrier.post", 13}});
  auto priv = runSnippet(kprove::testing::replaced(
      kprove::testing::replaced(ok, "  a[t] = b[t] + 1;\n", "  int k = 1;\n  a[t] = b[t] + 1;\n"),
      "\\old(b[t]) + 1", "\\old(b[t]) + \\old(k)"));
  CHECK(priv.errors == kprove::testing::ErrorSet{{"type", 12}});
}

TEST_CASE("verdicts: context_everywhere frames the clauses and invariants after it",
          "[vcgen][pvl]") {
  // VerCors's demo2: the loop invariant reads A[j], framed by the method's
  // context_everywhere, which VerCors puts in front of the loop's invariants.
  const char *src = "context_everywhere A != null;\n"
                    "context_everywhere (\\forall* int j; 0 <= j && j < A.length; "
                    "Perm(A[j], write));\n"
                    "ensures (\\forall int j; 0 <= j && j < A.length; A[j] == 0);\n"
                    "void clear(int[] A) {\n"
                    " int i = 0;\n"
                    " loop_invariant 0 <= i && i <= A.length;\n"
                    " loop_invariant (\\forall int j; 0 <= j && j < i; A[j] == 0);\n"
                    " while (i < A.length) {\n  A[i] = 0;\n  i = i + 1;\n }\n}\n";
  expectVerified(src);
  expectFail(kprove::testing::replaced(src, "A[i] = 0;", "A[i] = 1;"), {{"loop.preserve", 7}});
}

TEST_CASE("verdicts: a barrier's body runs once with the tagged invariant", "[vcgen][pvl]") {
  // VerCors's array_par: thread 0 hands its half of x in, the body sets x to 1, and
  // the invariant, suspended at the barrier, then no longer owns the array.
  const char *src = "class Ref {\n"
                    " int x;\n"
                    " context_everywhere ar != null && N > 0 && ar.length == N;\n"
                    " context Perm(x, 1);\n"
                    " context (\\forall* int i; 0 <= i && i < N; Perm(ar[i], write));\n"
                    " ensures (\\forall int i; 0 <= i && i < N; ar[i] == 0);\n"
                    " void zero(int N, int[] ar) {\n"
                    "  x = 0;\n"
                    "  invariant inv(Perm(x, 1\\2) **\n"
                    "    (x == 0 ==> (\\forall* int k; 0 <= k && k < N; Perm(ar[k], write)))) {\n"
                    "   par main(int i = 0 .. N)\n"
                    "    requires i == 0 ==> Perm(x, 1\\2) ** x == 0;\n"
                    "    ensures Perm(ar[i], write) ** ar[i] == 0;\n"
                    "    ensures i == 0 ==> Perm(x, 1\\2) ** x == 1;\n"
                    "   {\n"
                    "    barrier(main; inv)\n"
                    "     requires i == 0 ==> Perm(x, 1\\2) ** x == 0;\n"
                    "     ensures Perm(ar[i], write);\n"
                    "     ensures i == 0 ==> Perm(x, 1\\2) ** x == 1;\n"
                    "    { x = 1; }\n"
                    "    ar[i] = 0;\n"
                    "   }\n"
                    "  }\n"
                    " }\n"
                    "}\n";
  expectVerified(src);
  // Without the body, x stays 0 and the invariant keeps the array's cells.
  expectFail(kprove::testing::replaced(src, "{ x = 1; }", "{ }"), {{"barrier.redistribute", 18}});
  // Without the tag the body holds only thread 0's half of x.
  expectFail(kprove::testing::replaced(src, "barrier(main; inv)", "barrier(main)"),
             {{"perm.write", 20}});
  // The body must leave the invariant holding.
  const char *keep = "class C {\n"
                     " int x;\n"
                     " context Perm(x, write);\n"
                     " requires x == 0;\n"
                     " void m(int n) {\n"
                     "  invariant nonneg(Perm(x, 1\\2) ** x >= 0) {\n"
                     "   par p (int t = 0 .. n)\n"
                     "    context t == 0 ==> Perm(x, 1\\2);\n"
                     "   {\n"
                     "    barrier(p; nonneg)\n"
                     "     context t == 0 ==> Perm(x, 1\\2);\n"
                     "    { x = x + 1; }\n"
                     "   }\n"
                     "  }\n"
                     " }\n"
                     "}\n";
  expectVerified(keep);
  expectFail(kprove::testing::replaced(keep, "x = x + 1", "x = x - 1"), {{"inv.preserve", 6}});
}

TEST_CASE("pvl: a barrier's body and tags are checked", "[pvl]") {
  const char *head = "void m(int n) {\n par p (int t = 0 .. n) {\n";
  auto tid = runSnippet(std::string(head) + "  barrier(p) requires true; { assert t >= 0; }\n"
                                            " }\n}\n");
  CHECK(tid.errors == kprove::testing::ErrorSet{{"type", 3}});
  auto tag = runSnippet(std::string(head) + "  barrier(p; nope) { }\n }\n}\n");
  CHECK(tag.errors == kprove::testing::ErrorSet{{"type", 3}});
  auto inParallel =
      runSnippet("class C {\n int x;\n context Perm(x, write);\n void m(int n) {\n"
                 "  invariant inv(Perm(x, write)) {\n   parallel {\n    par p (int t = 0 .. n) {\n"
                 "     barrier(p; inv) { }\n    }\n   }\n  }\n }\n}\n");
  CHECK(inParallel.errors == kprove::testing::ErrorSet{{"unsupported", 8}});
}
