// Functional specifications (docs/language.md §5, §7): pure functions that read
// array memory under a permission precondition (framing: a write outside the
// footprint keeps the value, a write inside changes it) and `\sum` over a range.
// Each case checks a verdict, a diagnostic code and a line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::expectFail;
using kprove::testing::expectOutcome;
using kprove::testing::expectVerified;
using kprove::testing::replaced;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

const std::string kGetAndSum =
    "requires a != null && 0 <= i && i < a.length ** Perm(a[i], read);\n"                   // 1
    "pure int get(int[] a, int i) = a[i];\n"                                                // 2
    "requires a != null && 0 <= lo && lo <= hi && hi <= a.length;\n"                        // 3
    "requires (\\forall* int k; lo <= k && k < hi; Perm(a[k], read));\n"                    // 4
    "decreases hi - lo;\n"                                                                  // 5
    "pure int sum(int[] a, int lo, int hi) = lo >= hi ? 0 : a[lo] + sum(a, lo + 1, hi);\n"; // 6

const std::string kFraming =
    kGetAndSum +
    "context a != null && b != null && a != b && a.length == 4 && b.length == 4;\n" // 7
    "context (\\forall* int k; 0 <= k && k < 4; Perm(a[k], write));\n"              // 8
    "context (\\forall* int k; 0 <= k && k < 4; Perm(b[k], write));\n"              // 9
    "void m(int[] a, int[] b) {\n"                                                  // 10
    "  a[1] = 5;\n"                                                                 // 11
    "  assert get(a, 1) == 5;\n"                                                    // 12
    "  int s = sum(a, 0, 4);\n"                                                     // 13
    "  b[0] = 7;\n"                                                                 // 14
    "  assert s == sum(a, 0, 4);\n"                                                 // 15
    "  a[2] = 9;\n"                                                                 // 16
    "  assert get(a, 1) == 5;\n"                                                    // 17
    "  assert sum(a, 3, 3) == 0 && sum(a, 2, 3) == 9;\n"                            // 18
    "}\n";

} // namespace

TEST_CASE("pure functions over the heap: writes outside the footprint keep the value",
          "[vcgen][pure]") {
  expectVerified(kFraming);
  // A write inside the footprint changes the value: the old one is not kept.
  expectFail(replaced(kFraming, "  a[2] = 9;\n", "  a[1] = 9;\n"), {{"assert", 17}});
  const std::string head = kFraming.substr(0, kFraming.find("  a[2] = 9;\n")) + "}\n";
  expectFail(replaced(head, "  b[0] = 7;\n", "  a[3] = 7;\n"), {{"assert", 15}});
}

TEST_CASE("pure functions over the heap: the body reads only its footprint", "[vcgen][pure]") {
  // a[i + 1] is not among the cells the precondition gives.
  expectFail("requires a != null && 0 <= i && i + 1 < a.length ** Perm(a[i], read);\n"
             "pure int next(int[] a, int i) = a[i + 1];\n",
             {{"perm.read", 2}});
  // No permission at all (the old test of an unsupported construct).
  expectFail("requires a != null && a.length > 0;\npure int first(int[] a) = a[0];\n",
             {{"perm.read", 2}});
  // A contradictory permission precondition excuses no read: the footprint is read
  // off the permissions, never assumed from them (a frame axiom would be unsound).
  expectFail("requires a != null && 0 <= j && j < a.length;\n"
             "requires Perm(a[0], write) ** Perm(a[0], write);\n"
             "pure int f(int[] a, int j) = a[j];\n",
             {{"perm.read", 3}});
  // A recursive call must stay inside the caller's footprint.
  expectFail(kGetAndSum + "requires a != null && 0 <= lo && lo < hi && hi <= a.length;\n"
                          "requires (\\forall* int k; lo + 1 <= k && k < hi; Perm(a[k], read));\n"
                          "pure int tail(int[] a, int lo, int hi) = sum(a, lo, hi);\n",
             {{"perm.read", 9}});
}

TEST_CASE("pure functions over the heap: a call needs the permissions of the precondition",
          "[vcgen][pure]") {
  const std::string caller = kGetAndSum + "context a != null && a.length == 4;\n"           // 7
                                          "context Perm(a[0], 1\\2) ** Perm(a[1], 1\\2);\n" // 8
                                          "void m(int[] a) {\n"                             // 9
                                          "  int x = get(a, 1);\n"                          // 10
                                          "  int y = sum(a, 0, 2);\n"                       // 11
                                          "}\n";
  expectVerified(caller);
  expectFail(replaced(caller, "get(a, 1)", "get(a, 2)"), {{"perm.read", 10}});
  expectFail(replaced(caller, "sum(a, 0, 2)", "sum(a, 0, 3)"), {{"perm.read", 11}});
  // The precondition's facts are checked as before.
  expectFail(replaced(caller, "get(a, 1)", "get(a, 4)"), {{"fn.pre", 10}});
}

TEST_CASE("pure functions over the heap: postconditions and \\old", "[vcgen][pure]") {
  const std::string src = kGetAndSum +
                          "context a != null && a.length == 3;\n"                            // 7
                          "context (\\forall* int k; 0 <= k && k < 3; Perm(a[k], write));\n" // 8
                          "ensures sum(a, 0, 3) == \\old(sum(a, 0, 3)) + 1;\n"               // 9
                          "void inc(int[] a) {\n"                                            // 10
                          "  assert sum(a, 0, 3) == a[0] + sum(a, 1, 3);\n"                  // 11
                          "  a[0] = a[0] + 1;\n"                                             // 12
                          "  assert sum(a, 1, 3) == \\old(sum(a, 1, 3));\n"                  // 13
                          "}\n";
  expectVerified(src);
  expectFail(replaced(src, "a[0] = a[0] + 1;", "a[0] = a[0] + 2;"), {{"post", 9}});
}

TEST_CASE("\\sum over a range: loops, empty ranges, splits", "[vcgen][sum]") {
  const std::string loop =
      "context_everywhere a != null;\n"
      "context (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], read));\n"
      "ensures \\result == (\\sum int k; 0 <= k && k < a.length; a[k]);\n"
      "int total(int[] a) {\n"
      "  int s = 0;\n"
      "  int i = 0;\n"
      "  loop_invariant (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], read));\n"
      "  loop_invariant 0 <= i && i <= a.length;\n"
      "  loop_invariant s == (\\sum int k; 0 <= k && k < i; a[k]);\n" // 9
      "  while (i < a.length) {\n"
      "    s = s + a[i];\n"
      "    i = i + 1;\n"
      "  }\n"
      "  return s;\n"
      "}\n";
  expectVerified(loop);
  expectFail(replaced(loop, "s = s + a[i];", "s = s + a[i] + 1;"), {{"loop.preserve", 9}});
  expectFail(replaced(loop, "int s = 0;", "int s = 1;"), {{"loop.entry", 9}});
  // Ranges given the other way round, a filter, the first element split off.
  expectVerified("void m() {\n"
                 "  assert (\\sum int k; k >= 0 && 0 > k; k * k) == 0;\n"
                 "  assert (\\sum int k; 0 <= k && k < 1; 7) == 7;\n"
                 "  assert (\\sum int k; 2 < k && k <= 3; k) == 3;\n"
                 "  assert (\\sum int k; 0 <= k && k < 2 && k != 0; 5) == 5;\n"
                 "}\n");
  expectFail("void m() {\n  assert (\\sum int k; 0 <= k && k < 1; 5) == 6;\n}\n", {{"assert", 2}});
}

TEST_CASE("\\sum over a range: adjacent ranges, extensionality, well-definedness", "[vcgen][sum]") {
  expectVerified("context a != null && 0 <= m && m <= n && n <= a.length;\n"
                 "context (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], read));\n"
                 "void m(int[] a, int m, int n) {\n"
                 "  int l = (\\sum int k; 0 <= k && k < m; a[k]);\n"
                 "  int r = (\\sum int k; m <= k && k < n; a[k]);\n"
                 "  assert (\\sum int k; 0 <= k && k < n; a[k]) == l + r;\n"
                 "}\n");
  // Another array's write does not change the sum; a write inside the range does.
  const std::string frame =
      "context a != null && b != null && a != b && 0 < n && n <= a.length && b.length > 0;\n"
      "context (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], write)) ** Perm(b[0], write);\n"
      "void m(int[] a, int[] b, int n) {\n"
      "  int s = (\\sum int k; 0 <= k && k < n; a[k]);\n"
      "  b[0] = 3;\n"
      "  assert s == (\\sum int k; 0 <= k && k < n; a[k]);\n"
      "}\n";
  expectVerified(frame);
  expectFail(replaced(frame, "b[0] = 3;", "a[0] = a[0] + 1;"), {{"assert", 6}});
  // The body is checked at every index of the range.
  expectFail("context a != null && n <= a.length;\n"
             "context (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], read));\n"
             "void m(int[] a, int n) {\n"
             "  int s = (\\sum int k; 0 <= k && k <= n; a[k]);\n"
             "}\n",
             {{"bounds", 4}});
  // A condition that gives no range is rejected, named.
  auto r = runSnippet("void m() {\n  int s = (\\sum int k; k * k < 9; k);\n}\n");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == Errors{{"unsupported", 2}});
  auto t = runSnippet("void m() {\n  int s = (\\sum int k; 0 <= k && k < 3; k > 1);\n}\n");
  CHECK(t.errors == Errors{{"type", 2}});
}

// A sum of values >= 0 is >= 0 (so a scan is monotone), and S(0, j) - S(0, i) is
// the sum over [i, j): what stream compaction's race freedom rests on.
TEST_CASE("\\sum over a range: signs and prefix differences", "[vcgen][sum]") {
  const std::string scan =
      "context a != null && 0 <= i && i < j && j <= a.length;\n"
      "context (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], read));\n"
      "requires (\\forall int k; 0 <= k && k < a.length; a[k] == 0 || a[k] == 1);\n"
      "requires a[i] == 1;\n"
      "void m(int[] a, int i, int j) {\n"
      "  int p = (\\sum int k; 0 <= k && k < i; a[k]);\n"
      "  int q = (\\sum int k; 0 <= k && k < j; a[k]);\n"
      "  assert 0 <= p && p < q;\n" // 8
      "}\n";
  expectVerified(scan);
  // Without a[i] == 1 the two prefixes may be equal; with negative elements allowed
  // the prefix may be negative.
  expectFail(replaced(scan, "requires a[i] == 1;", "requires a[i] >= 0;"), {{"assert", 8}});
  expectFail(replaced(scan, "a[k] == 0 || a[k] == 1", "a[k] <= 1"), {{"assert", 8}});
  // A positive sum has a positive element; a negative one a negative element.
  const std::string signs = "context a != null && 0 <= n && n <= a.length;\n"
                            "context (\\forall* int k; 0 <= k && k < a.length; Perm(a[k], read));\n"
                            "requires (\\forall int k; 0 <= k && k < n; a[k] <= 0);\n"
                            "void m(int[] a, int n) {\n"
                            "  assert (\\sum int k; 0 <= k && k < n; a[k]) <= 0;\n" // 5
                            "}\n";
  expectVerified(signs);
  expectFail(replaced(signs, "a[k] <= 0);", "a[k] <= 1);"), {{"assert", 5}});
}

TEST_CASE("\\sum in the contract of a pure function over the heap", "[vcgen][sum][pure]") {
  expectVerified(kGetAndSum +
                 "requires a != null && 0 <= n && n <= a.length;\n"
                 "requires (\\forall* int k; 0 <= k && k < n; Perm(a[k], read));\n"
                 "ensures \\result == (\\sum int k; 0 <= k && k < n; a[k]);\n"
                 "decreases n;\n"
                 "pure int total(int[] a, int n) = n == 0 ? 0 : total(a, n - 1) + a[n - 1];\n");
}
