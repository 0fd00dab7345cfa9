// Pure functions in OpenCL/CUDA files (lang/c/pure_functions.cpp, docs/language.md
// §11.1): `/*@ pure @*/` on a C function and ghost declarations in annotations. Each
// case checks a verdict, a diagnostic code and a line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::expectOutcome;
using kprove::testing::mentions;
using kprove::testing::runSnippet;

namespace {
// The C function `twice` is pure; `tri` is a ghost function; both are called in
// code (twice) and in annotations.
const char *kPureKernel =
    "/*@ requires n >= 0; decreases n; pure int tri(int n) = n == 0 ? 0 : n + tri(n - 1); @*/\n"
    "/*@ requires -1000 <= x && x <= 1000; pure @*/ int twice(int x) { return x + x; }\n" // 2
    "/*@ pure @*/ bool both(int a, int b) { return a != 0 && b != 0; }\n"                 // 3
    "/*@\n"                                                                               // 4
    "  context a != NULL && \\pointer_length(a) == get_global_size(0);\n"                 // 5
    "  context Perm(&a[get_global_id(0)], write);\n"                                      // 6
    "  ensures a[get_global_id(0)] == twice(3) + tri(2);\n"                               // 7
    "@*/\n"                                                                               // 8
    "__kernel void k(__global int *a) {\n"                                                // 9
    "  int v = twice(3);\n"                                                               // 10
    "  bool b = both(v, 1);\n"                                                            // 11
    "  //@ assert b && v == 6 && tri(3) == 6 && -7 / 2 == -3;\n"                          // 12
    "  a[get_global_id(0)] = v + 3;\n"                                                    // 13
    "}\n";

std::string replaced(std::string s, const std::string &from, const std::string &to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}
} // namespace

TEST_CASE("a pure C function is its return expression, in code and annotations", "[c][pure]") {
  expectOutcome(kPureKernel, Verdict::Verified, {}, ".cl");
  // The kernel stores one less than its postcondition says.
  expectOutcome(replaced(kPureKernel, "= v + 3;", "= v + 2;"), Verdict::Failed, {{"post", 7}},
                ".cl");
  // A call outside the pure function's precondition.
  expectOutcome(replaced(kPureKernel, "int v = twice(3);", "int v = twice(3000);"), Verdict::Failed,
                {{"fn.pre", 10}}, ".cl");
  // Without the precondition its body may overflow int (C code keeps C's integers).
  expectOutcome(replaced(kPureKernel, "requires -1000 <= x && x <= 1000; pure", "pure"),
                Verdict::Failed, {{"overflow", 2}}, ".cl");
  // The ghost function's own arithmetic is mathematical, its `/` C's (truncating).
  expectOutcome(replaced(kPureKernel, "-7 / 2 == -3", "-7 / 2 == -4"), Verdict::Failed,
                {{"assert", 12}}, ".cl");
}

TEST_CASE("a pure C function reading a buffer under its permission precondition", "[c][pure]") {
  const std::string src =
      "/*@\n"                                                                             // 1
      "  requires p != NULL && 0 <= i && i < \\pointer_length(p) && Perm(&p[i], 1\\2);\n" // 2
      "  pure @*/ int at(__global int *p, int i) { return p[i]; }\n"                      // 3
      "/*@\n"                                                                             // 4
      "  context a != NULL && \\pointer_length(a) == get_global_size(0);\n"               // 5
      "  context Perm(&a[get_global_id(0)], write);\n"                                    // 6
      "  ensures at(a, get_global_id(0)) == 5;\n"                                         // 7
      "@*/\n"                                                                             // 8
      "__kernel void k(__global int *a) {\n"                                              // 9
      "  a[get_global_id(0)] = 5;\n"                                                      // 10
      "}\n";
  expectOutcome(src, Verdict::Verified, {}, ".cl");
  expectOutcome(replaced(src, "ensures at(a, get_global_id(0))", "ensures at(a, 0)"),
                Verdict::Failed, {{"framing", 7}, {"post", 7}}, ".cl");
}

TEST_CASE("pure functions: the forms kprove rejects, named", "[c][pure]") {
  // A pure function is one expression.
  auto stmts = runSnippet("/*@ pure @*/ int f(int x) { int y = x; return y; }\n"
                          "__kernel void k(__global int *a) {}\n",
                          "pure", ".cl");
  CHECK(stmts.errors == kprove::testing::ErrorSet{{"unsupported", 1}});
  CHECK(mentions(stmts.raw.errors, "one statement 'return e;'"));
  // It means the same for every thread.
  auto tid = runSnippet("/*@ pure @*/ int f(int x) { return x + get_local_id(0); }\n"
                        "__kernel void k(__global int *a) {}\n",
                        "pure", ".cl");
  CHECK(tid.errors == kprove::testing::ErrorSet{{"unsupported", 1}});
  CHECK(mentions(tid.raw.errors, "thread ids or launch sizes in pure function 'f'"));
  // Ghost methods (not pure) are not declarations kprove takes.
  auto ghost = runSnippet("/*@ void g(int x) { } @*/\n"
                          "__kernel void k(__global int *a) {}\n",
                          "pure", ".cl");
  CHECK(ghost.errors == kprove::testing::ErrorSet{{"unsupported", 1}});
  CHECK(mentions(ghost.raw.errors, "only pure functions"));
  // A kernel cannot be pure.
  auto kernel = runSnippet("/*@ pure @*/ __kernel void k(__global int *a) {}\n", "pure", ".cl");
  CHECK(kernel.errors == kprove::testing::ErrorSet{{"type", 1}});
}

// Found by red-teaming: an annotation's call passed its arguments unconverted, so
// `f(300)` with a char parameter was 300 in a contract and 44 in code, and a wrong
// postcondition verified. Both now convert as C does.
TEST_CASE("a pure C function's arguments are converted to its parameter types everywhere",
          "[c][pure][soundness]") {
  const std::string src =
      "/*@ pure @*/ int f(char x) { return x; }\n" // 1
      "/*@\n"                                      // 2
      "  context in != NULL && out != NULL && \\pointer_length(in) == get_global_size(0);\n"
      "  context \\pointer_length(out) == get_global_size(0);\n" // 4
      "  context Perm(&in[get_global_id(0)], 1\\2) ** Perm(&out[get_global_id(0)], write);\n"
      "  ensures out[get_global_id(0)] == f(in[get_global_id(0)]);\n" // 6
      "@*/\n"                                                         // 7
      "__kernel void k(__global int *in, __global int *out) {\n"      // 8
      "  size_t g = get_global_id(0);\n"                              // 9
      "  out[g] = f(in[g]);\n"                                        // 10
      "  //@ assert f(300) == 44 && f(in[g]) == out[g];\n"            // 11
      "}\n";
  expectOutcome(src, Verdict::Verified, {}, ".cl");
  // Storing the unconverted value: false for in[g] == 300.
  expectOutcome(replaced(replaced(src, "out[g] = f(in[g]);", "out[g] = in[g];"),
                         "f(300) == 44 && f(in[g]) == out[g]", "f(300) == 44"),
                Verdict::Failed, {{"post", 6}}, ".cl");
  expectOutcome(replaced(src, "f(300) == 44", "f(300) == 300"), Verdict::Failed, {{"assert", 11}},
                ".cl");
  // The same cause with an unsigned parameter: -1 is 65535 as a ushort.
  const std::string unsignedParam =
      replaced(replaced(src, "int f(char x)", "int f(ushort x)"), "f(300) == 44", "f(-1) == 65535");
  expectOutcome(unsignedParam, Verdict::Verified, {}, ".cl");
  expectOutcome(replaced(unsignedParam, "out[g] = f(in[g]);", "out[g] = in[g];"), Verdict::Failed,
                {{"assert", 11}}, ".cl");
}

// C puts a function's interface on its prototype: a definition without an annotation
// takes the prototype's (pure functions among them); two contracts are an error.
TEST_CASE("a prototype's contract is its definition's", "[c][pure]") {
  const std::string src = "/*@ requires x >= 0 && x < 100; ensures \\result > x; pure @*/\n" // 1
                          "int next(int x);\n"                                               // 2
                          "/*@\n"                                                            // 3
                          "  context a != NULL && \\pointer_length(a) == get_global_size(0);\n"
                          "  context Perm(&a[get_global_id(0)], write);\n" // 5
                          "  ensures a[get_global_id(0)] == next(3);\n"    // 6
                          "@*/\n"                                          // 7
                          "__kernel void k(__global int *a) {\n"           // 8
                          "  a[get_global_id(0)] = next(3);\n"             // 9
                          "  //@ assert next(3) > 3;\n"                    // 10
                          "}\n"                                            // 11
                          "int next(int x) { return x + 1; }\n";           // 12
  expectOutcome(src, Verdict::Verified, {}, ".cl");
  // The definition breaks the prototype's postcondition.
  expectOutcome(replaced(src, "{ return x + 1; }", "{ return x; }"), Verdict::Failed, {{"post", 1}},
                ".cl");
  // Annotated twice: which contract holds would be a guess.
  auto twice = runSnippet(replaced(src, "int next(int x) {", "/*@ pure @*/ int next(int x) {"),
                          "pure", ".cl");
  CHECK(twice.errors == kprove::testing::ErrorSet{{"unsupported", 1}});
  CHECK(mentions(twice.raw.errors, "a second contract for function 'next'"));
}

TEST_CASE("a resource predicate in a C annotation is unsupported, by name", "[c][pure][errors]") {
  auto r = kprove::testing::runSnippet(
      "/*@ resource mine(int *a, int i) = Perm(&a[i], write); @*/\n"
      "/*@ context a != NULL && \\pointer_length(a) == get_global_size(0);\n"
      "    context Perm(&a[get_global_id(0)], write); @*/\n"
      "__kernel void k(__global int *a) {\n"
      "  a[get_global_id(0)] = 1;\n"
      "}\n",
      "snippet", ".cl");
  CHECK(r.verdict == kprove::driver::Verdict::Invalid);
  CHECK(r.errors == std::set<std::pair<std::string, unsigned>>{{"unsupported", 1}});
  CHECK(kprove::testing::mentions(r, "resource predicate"));
}
