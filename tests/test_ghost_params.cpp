// VerCors's ghost parameters (docs/language.md §3, §11.1): `given T x;` inputs
// passed by name with `given {x = e}`, `yields T y;` outputs received with
// `yields {v = y}`, in PVL and in C annotations (user functions, vloadN's fraction).
// Each case checks a verdict, a diagnostic code and a line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::expectOutcome;
using kprove::testing::mentions;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

const std::string kInc = "given int p;\n"        // 1
                         "requires p > 0;\n"     // 2
                         "yields int q;\n"       // 3
                         "ensures q == p + a;\n" // 4
                         "void inc(int a) {\n"   // 5
                         "  q = p + a;\n"        // 6
                         "}\n";                  // 7

std::string caller(const std::string &call, const std::string &check) {
  return kInc +
         "void caller() {\n" // 8
         "  int r;\n"        // 9
         "  " +
         call + "\n" +  // 10
         "  " + check + // 11
         "\n}\n";
}

} // namespace

TEST_CASE("given and yields: the value passed and the value received", "[ghost]") {
  expectOutcome(caller("inc(3) given {p = 2} yields {r = q};", "assert r == 5;"), Verdict::Verified,
                {}, ".pvl");
  expectOutcome(caller("inc(3) given {p = 2} yields {r = q};", "assert r == 6;"), Verdict::Failed,
                {{"assert", 11}}, ".pvl");
  // The callee's precondition speaks of the given value.
  expectOutcome(caller("inc(3) given {p = 0} yields {r = q};", "assert true;"), Verdict::Failed,
                {{"pre", 10}}, ".pvl");
  // A yields target assigned by an expression-valued call.
  expectOutcome(kInc + "int two() { return 2; }\n"
                       "void caller() {\n"
                       "  int r;\n"
                       "  inc(1) given {p = 1};\n"
                       "  assert r == 0;\n"
                       "}\n",
                Verdict::Failed, {{"assert", 12}}, ".pvl");
}

TEST_CASE("given and yields: the body must establish the yields value", "[ghost]") {
  std::string wrong = kInc;
  wrong.replace(wrong.find("q = p + a;"), 10, "q = p;    ");
  expectOutcome(wrong, Verdict::Failed, {{"post", 4}}, ".pvl");
}

TEST_CASE("given and yields: missing, unknown and misplaced ghost arguments", "[ghost]") {
  auto missing = runSnippet(caller("inc(3) yields {r = q};", "assert true;"));
  CHECK(missing.verdict == Verdict::Invalid);
  CHECK(missing.errors == Errors{{"type", 10}});
  CHECK(mentions(missing, "missing the given parameter 'p'"));
  auto unknown = runSnippet(caller("inc(3) given {p = 1, z = 2};", "assert true;"));
  CHECK(unknown.verdict == Verdict::Invalid);
  CHECK(unknown.errors == Errors{{"type", 10}});
  CHECK(mentions(unknown, "no given parameter 'z'"));
  // A yields parameter has no value before the call: not in the precondition.
  auto pre = runSnippet("yields int q;\nrequires q > 0;\nvoid m() { q = 1; }\n");
  CHECK(pre.verdict == Verdict::Invalid);
  CHECK(pre.errors == Errors{{"type", 2}});
}

TEST_CASE("given parameters of pure functions", "[ghost]") {
  std::string src = "given int k;\n"                          // 1
                    "pure int times(int x) = k * x;\n"        // 2
                    "void m() {\n"                            // 3
                    "  assert times(2) given {k = 3} == 6;\n" // 4
                    "  assert times(2) given {k = 3} == 7;\n" // 5
                    "}\n";
  expectOutcome(src, Verdict::Failed, {{"assert", 5}}, ".pvl");
}

TEST_CASE("given and yields in a par block: yields into a method variable is rejected", "[ghost]") {
  std::string src = kInc + "void caller() {\n"                          // 8
                           "  int r;\n"                                 // 9
                           "  par (int t = 0 .. 2) {\n"                 // 10
                           "    inc(1) given {p = 1} yields {r = q};\n" // 11
                           "  }\n"
                           "}\n";
  auto r = runSnippet(src);
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == Errors{{"unsupported", 11}});
}

namespace {
const std::string kCHelper = "/*@\n"                                                // 1
                             "  given int lo;\n"                                    // 2
                             "  yields int both;\n"                                 // 3
                             "  requires 0 <= a && a <= 10 && 0 <= b && b <= 10;\n" // 4
                             "  ensures both == ((a >= lo && b >= lo) ? 1 : 0);\n"  // 5
                             "@*/\n"                                                // 6
                             "int f(int a, int b) {\n"                              // 7
                             "  //@ ghost both = (a >= lo && b >= lo) ? 1 : 0;\n"   // 8
                             "  return a + b;\n"                                    // 9
                             "}\n"                                                  // 10
                             "__kernel void k(__global int *out) {\n"               // 11
                             "  //@ ghost int big;\n";                              // 12
} // namespace

TEST_CASE("given and yields in C annotations", "[ghost][c]") {
  expectOutcome(kCHelper + "  int s = f(3, 4) /*@ given {lo = 2} @*/ /*@ yields {big = both} @*/;\n"
                           "  //@ assert big == 1;\n" // 14
                           "}\n",
                Verdict::Verified, {}, ".cl");
  expectOutcome(kCHelper + "  int s = f(3, 4) /*@ given {lo = 4} @*/ /*@ yields {big = both} @*/;\n"
                           "  //@ assert big == 1;\n" // 14
                           "}\n",
                Verdict::Failed, {{"assert", 14}}, ".cl");
  // A real variable cannot receive a ghost result: at run time it keeps its value.
  auto real =
      runSnippet(kCHelper + "  int r = 0;\n"
                            "  int s = f(3, 4) /*@ given {lo = 4} @*/ /*@ yields {r = both} @*/;\n"
                            "}\n",
                 "snippet", ".cl");
  CHECK(real.verdict == Verdict::Invalid);
  CHECK(real.errors == Errors{{"type", 14}});
}

TEST_CASE("ghost variables in C never share a name with a C variable", "[ghost][c]") {
  auto clash = runSnippet(kCHelper + "  int big2 = 0;\n"       // 13
                                     "  //@ ghost int big2;\n" // 14
                                     "}\n",
                          "snippet", ".cl");
  CHECK(clash.verdict == Verdict::Invalid);
  CHECK(clash.errors == Errors{{"type", 14}});
  auto later = runSnippet(kCHelper + "  int big = 0;\n" // 13
                                     "}\n",
                          "snippet", ".cl");
  CHECK(later.verdict == Verdict::Invalid);
  CHECK(later.errors == Errors{{"type", 13}});
}

TEST_CASE("vloadN's given fraction", "[ghost][c]") {
  std::string k = "/*@\n" // 1
                  "  context get_local_size(0) == 1 && get_num_groups(0) == 1 && in != NULL && "
                  "\\pointer_length(in) == 2;\n"                             // 2
                  "  context Perm(&in[0], 1\\2) ** Perm(&in[1], 1\\2);\n"    // 3
                  "@*/\n"                                                    // 4
                  "__kernel void k(__global int *in) {\n"                    // 5
                  "  int2 v = vload2(0, in) /*@ given {r = FRACTION} @*/;\n" // 6
                  "}\n";
  auto with = [&](const std::string &f) {
    std::string s = k;
    s.replace(s.find("FRACTION"), 8, f);
    return s;
  };
  expectOutcome(with("1\\2"), Verdict::Verified, {}, ".cl");
  expectOutcome(with("3\\4"), Verdict::Failed, {{"assert", 6}}, ".cl");
  // VerCors's contract: 0 < r < write.
  expectOutcome(with("0\\1"), Verdict::Failed, {{"assert", 6}}, ".cl");
}
