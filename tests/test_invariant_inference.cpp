// Candidate loop invariants about counters (vcgen/invariant_inference.h,
// docs/language.md §4): kept when proved with the others assumed (Houdini), so a
// loop without invariants still knows its counter's range, stride and power of two;
// a candidate that does not hold is dropped without a diagnostic, and the user's
// invariants and assertions are checked as before. Each case checks a verdict, a
// diagnostic code and a line, and, where inference is what makes a kernel verify,
// that it fails with --no-infer.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::ErrorSet;
using kprove::testing::runSnippet;

namespace {

kprove::testing::SnippetResult run(const std::string &src, const std::string &ext,
                                   bool infer = true) {
  kprove::driver::RunOptions o;
  o.inferInvariants = infer;
  return runSnippet(src, "inference", ext, o);
}

void expect(const std::string &src, const std::string &ext, Verdict verdict, const ErrorSet &errors,
            bool infer = true) {
  auto r = run(src, ext, infer);
  INFO(src);
  for (const auto &[code, line] : r.errors)
    INFO(code << " at line " << line);
  for (const auto &d : r.raw.errors)
    INFO(d.message);
  CHECK(r.verdict == verdict);
  CHECK(r.errors == errors);
}

// A strided loop: j stays a multiple of 16 and below 1024 + 16.
std::string strided(const std::string &claim) {
  return "__kernel void k(__global int *a) {\n"     // 1
         "  for (int j = 0; j < 1024; j += 16) {\n" // 2
         "    //@ assert " +
         claim +
         ";\n"   // 3
         "  }\n" // 4
         "}\n";  // 5
}

} // namespace

TEST_CASE("inference: a strided counter's stride and range, without invariants",
          "[inference][loops]") {
  expect(strided("j % 16 == 0 && 0 <= j && j < 1024"), ".cl", Verdict::Verified, {});
  // The same kernel without inference: the loop forgets everything about j.
  expect(strided("j % 16 == 0 && 0 <= j && j < 1024"), ".cl", Verdict::Failed, {{"assert", 3}},
         false);
  // Claims the candidates do not give stay failures.
  expect(strided("j % 32 == 0"), ".cl", Verdict::Failed, {{"assert", 3}});
  expect(strided("j < 1000"), ".cl", Verdict::Failed, {{"assert", 3}});
}

TEST_CASE("inference: the bound a loop's test keeps, also when the loop may not run",
          "[inference][loops]") {
  const std::string head = "void m(int n) {\n"   // 1
                           "  int i = 0;\n"      // 2
                           "  while (i < n) {\n" // 3
                           "    i = i + 1;\n"    // 4
                           "  }\n";              // 5
  // n may be negative: i <= n fails on entry and is dropped; i <= n || i == 0 stays.
  expect(head + "  assert n < 0 || i == n;\n}\n", ".pvl", Verdict::Verified, {}); // 6
  expect(head + "  assert n < 0 || i == n;\n}\n", ".pvl", Verdict::Failed, {{"assert", 6}}, false);
  expect(head + "  assert i == n;\n}\n", ".pvl", Verdict::Failed, {{"assert", 6}});
}

TEST_CASE("inference: a counter counting down, and a step of two in PVL", "[inference][loops]") {
  const std::string down = "void m(int n) {\n"   // 1
                           "  int i = n;\n"      // 2
                           "  while (i > 0) {\n" // 3
                           "    i = i - 2;\n"    // 4
                           "  }\n";              // 5
  expect(down + "  assert i <= n && (n - i) % 2 == 0 && (n <= 0 || i > -2);\n}\n", ".pvl",
         Verdict::Verified, {});
  expect(down + "  assert i == 0;\n}\n", ".pvl", Verdict::Failed, {{"assert", 6}});
}

TEST_CASE("inference: a halving stride stays a power of two (isPow2)", "[inference][loops]") {
  auto halving = [](const std::string &start, const std::string &claim) {
    return "__kernel void k(__global int *a) {\n" // 1
           "  for (unsigned s = " +
           start +
           "; s > 0; s >>= 1) {\n" // 2
           "    //@ assert " +
           claim +
           ";\n"   // 3
           "  }\n" // 4
           "}\n";  // 5
  };
  expect(halving("256", "(s & (s - 1)) == 0 && s <= 256"), ".cl", Verdict::Verified, {});
  expect(halving("256", "(s & (s - 1)) == 0"), ".cl", Verdict::Failed, {{"assert", 3}}, false);
  // 384 is no power of two: the candidate fails on entry and is dropped.
  expect(halving("384", "(s & (s - 1)) == 0"), ".cl", Verdict::Failed, {{"assert", 3}});
}

TEST_CASE("inference: candidates never hide a wrong user invariant or a counter changed "
          "irregularly",
          "[inference][loops][soundness]") {
  // The user's invariant is false on entry: reported as before.
  expect("void m(int n) {\n"          // 1
         "  int i = 0;\n"             // 2
         "  loop_invariant i >= 1;\n" // 3
         "  while (i < n) {\n"        // 4
         "    i = i + 1;\n"           // 5
         "  }\n"                      // 6
         "}\n",
         ".pvl", Verdict::Failed, {{"loop.entry", 3}});
  // Two different steps: i is no counter, so nothing is known of it after the loop.
  expect("void m(int n, boolean b) {\n"                    // 1
         "  int i = 0;\n"                                  // 2
         "  while (i < n) {\n"                             // 3
         "    if (b) { i = i + 1; } else { i = i - 1; }\n" // 4
         "  }\n"                                           // 5
         "  assert i >= 0;\n"                              // 6
         "}\n",
         ".pvl", Verdict::Failed, {{"assert", 6}});
  // A step whose size the loop changes is no step.
  expect("void m(int n) {\n"   // 1
         "  int i = 0;\n"      // 2
         "  int c = 1;\n"      // 3
         "  while (i < n) {\n" // 4
         "    i = i + c;\n"    // 5
         "    c = c - 2;\n"    // 6
         "  }\n"               // 7
         "  assert i >= 0;\n"  // 8
         "}\n",
         ".pvl", Verdict::Failed, {{"assert", 8}});
}

TEST_CASE("inference: kept candidates are counted, and --dump-ir shows them",
          "[inference][loops]") {
  auto r = run(strided("j % 16 == 0"), ".cl");
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.raw.inference.candidates >= 3);
  CHECK(r.raw.inference.kept >= 2);
  CHECK(r.raw.inference.kept <= r.raw.inference.candidates);
  kprove::driver::RunOptions o;
  o.dumpIr = true;
  auto d = runSnippet(strided("j % 16 == 0"), "inference", ".cl", o);
  CHECK(d.raw.ir.find("loop_invariant (((j - 0) % 16) == 0);") != std::string::npos);
}
