// User triggers `{: e :}` (issue 10): a quantifier's marked terms are its patterns,
// exactly; a marked term that cannot be a pattern is an error at the term.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using kprove::driver::Verdict;
using kprove::testing::expectVerified;
using kprove::testing::replaced;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

// The text of every query --dump-smt wrote for `src`.
std::string dumpedQueries(const std::string &src, const std::string &ext) {
  auto dir = kprove::testing::scratchDir() / ("triggers" + ext);
  std::filesystem::remove_all(dir);
  kprove::driver::RunOptions o;
  o.dumpSmtDir = dir.string();
  auto r = runSnippet(src, "triggers", ext, o);
  CHECK(r.verdict == Verdict::Verified);
  std::string all;
  for (const auto &f : std::filesystem::directory_iterator(dir)) {
    std::stringstream text;
    text << std::ifstream(f.path()).rdbuf();
    all += text.str();
  }
  std::filesystem::remove_all(dir);
  return all;
}

} // namespace

TEST_CASE("a user trigger is the quantifier's pattern", "[triggers]") {
  std::string src = "pure int f(int x);\n\nrequires n > 0;\n"
                    "requires (\\forall int i; 0 <= i && i < n; {: f(i) :} > 0);\n"
                    "ensures f(n - 1) > 0;\nvoid m(int n) {\n}\n";
  expectVerified(src);
  std::string smt = dumpedQueries(src, ".pvl");
  CHECK(smt.find(":pattern ( (fn$f i@") != std::string::npos);
}

TEST_CASE("a multi-pattern of two marked terms", "[triggers]") {
  expectVerified("pure int f(int x);\npure int g(int x);\n\n"
                 "requires (\\forall int i, int j; 0 <= i && i < j && j < n; "
                 "{: f(i) :} < {: g(j) :});\n"
                 "requires 0 < n - 1;\nensures f(0) < g(n - 1);\nvoid m(int n) {\n}\n");
}

TEST_CASE("user triggers in an existential and a forall-star", "[triggers]") {
  expectVerified("pure int f(int x);\n\nrequires f(3) == 0;\n"
                 "ensures (\\exists int i; 0 <= i && i < 5; {: f(i) :} == 0);\n"
                 "void m() {\n}\n");
  expectVerified(
      "requires a != null && a.length == n && n > 0;\n"
      "requires (\\forall* int i; 0 <= i && i < n; Perm(a[i], 1\\2) ** {: a[i] :} == 0);\n"
      "ensures (\\forall* int i; 0 <= i && i < n; Perm(a[i], 1\\2));\n"
      "ensures a[n - 1] == 0;\nvoid m(int[] a, int n) {\n}\n");
}

TEST_CASE("a trigger that cannot be a pattern is an error at its line", "[triggers]") {
  auto missing = runSnippet("requires a != null && a.length > 0 ** Perm(a[0], 1\\2);\n"
                            "requires (\\forall int i; 0 <= i && i < a.length;\n"
                            "  {: a[0] :} == i);\nvoid m(int[] a) {\n}\n");
  CHECK(missing.verdict != Verdict::Verified);
  CHECK(missing.errors == Errors{{"type", 3}});
  auto arithmetic = runSnippet("pure int f(int x);\n\n"
                               "requires (\\forall int i; 0 <= i && i < n; {: f(i + 1) :} > 0);\n"
                               "void m(int n) {\n}\n");
  CHECK(arithmetic.errors == Errors{{"type", 3}});
  auto connective = runSnippet("pure int f(int x);\n\n"
                               "requires (\\forall int i; 0 <= i && i < n; {: f(i) > 0 :});\n"
                               "void m(int n) {\n}\n");
  CHECK(connective.errors == Errors{{"type", 3}});
  auto twoVars = runSnippet("pure int f(int x);\n\n"
                            "requires (\\forall int i, int j; 0 <= i && i < j && j < n;\n"
                            " {: f(i) :} <= f(j));\nvoid m(int n) {\n}\n");
  CHECK(twoVars.errors == Errors{{"type", 4}});
  auto outside = runSnippet("pure int f(int x);\n\nrequires {: f(n) :} > 0;\nvoid m(int n) {\n}\n");
  CHECK(outside.errors == Errors{{"type", 3}});
}

TEST_CASE("user triggers in an OpenCL annotation", "[triggers]") {
  std::string src =
      "/*@\n"
      "  context get_global_size(0) == 1 && a != NULL && n > 0 && \\pointer_length(a) == n;\n"
      "  context (\\forall* int i; 0 <= i && i < n; Perm(&a[i], 1\\2));\n"
      "  requires (\\forall int i; 0 <= i && i < n; {: a[i] :} == 0);\n"
      "  ensures a[n - 1] == 0;\n"
      "@*/\n"
      "__kernel void k(__global int *a, int n) {\n}\n";
  std::string smt = dumpedQueries(src, ".cl");
  CHECK(smt.find(":pattern ( (select ") != std::string::npos);
  auto bad = runSnippet(
      "/*@\n"
      "  context get_global_size(0) == 1 && a != NULL && n > 0 && \\pointer_length(a) == n;\n"
      "  context (\\forall* int i; 0 <= i && i < n; Perm(&a[i], 1\\2));\n"
      "  requires (\\forall int i; 0 <= i && i < n; {: a[0] :} == i);\n"
      "@*/\n"
      "__kernel void k(__global int *a, int n) {\n}\n",
      "c", ".cl");
  CHECK(bad.errors == Errors{{"type", 4}});
}

// A fact over two thread ids at h[3*b + c] (a 2-D par block's postcondition, a
// user's two-variable \forall) is also stated over the index, so a ground read
// h[1] finds it by E-matching: before, `assert h[1] == 7` after the block
// failed on 6 of 8 seeds (left to model-based instantiation).
TEST_CASE("a fact at W*b + c reaches a read at a constant index on every seed", "[triggers]") {
  const std::string par2d = R"(context_everywhere h != null && h.length == 12;
requires (\forall* int i; 0 <= i && i < 12; Perm(h[i], write));
ensures (\forall* int i; 0 <= i && i < 12; Perm(h[i], write));
void m(int[] h) {
  par (int b = 0..3, int c = 0..3)
    context Perm(h[3*b + c], write);
    ensures h[3*b + c] == 7;
  {
    h[3*b + c] = 7;
  }
  assert h[1] == 7;
}
)";
  const char *seedsEnv = std::getenv("KPROVE_TEST_SEEDS");
  unsigned seeds = seedsEnv ? static_cast<unsigned>(std::max(1, std::atoi(seedsEnv))) : 8;
  for (unsigned seed = 0; seed < seeds; ++seed) {
    kprove::driver::RunOptions o;
    o.randomSeed = seed;
    INFO("seed " << seed);
    auto r = runSnippet(par2d, "par2d", ".pvl", o);
    CHECK(r.errors.empty());
    CHECK(r.verdict == Verdict::Verified);
  }
  // A cell the block did not write: b < 3 and c < 3 reach h[0] .. h[8] only.
  auto outside = runSnippet(replaced(par2d, "assert h[1] == 7;", "assert h[9] == 7;"));
  CHECK(outside.verdict == Verdict::Failed);
  CHECK(outside.errors == Errors{{"assert", 11}});
  // The same with a user's two-variable quantifier as a precondition.
  const std::string pre = R"(context_everywhere h != null && h.length == 12;
requires (\forall* int i; 0 <= i && i < 12; Perm(h[i], read));
requires (\forall int b, int c; 0 <= b && b < 4 && 0 <= c && c < 3; h[3*b + c] == b);
void m(int[] h) {
  assert h[7] == 2;
}
)";
  expectVerified(pre);
  auto wrong = runSnippet(replaced(pre, "assert h[7] == 2;", "assert h[7] == 1;"));
  CHECK(wrong.verdict == Verdict::Failed);
  CHECK(wrong.errors == Errors{{"assert", 5}});
}
