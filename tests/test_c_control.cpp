// The C front end's control flow and preprocessor: break and continue in loops (the
// state after a loop joins its normal exit with every break; a continue must
// re-establish the invariant), do-while and switch with them, the divergence of
// barriers they decide, -D and -I, and macros and enum constants in annotations.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

using kprove::testing::mentions;

namespace {

kprove::testing::SnippetResult cl(const std::string &text, kprove::driver::RunOptions o = {}) {
  o.launch.intMath = true; // these kernels are about control flow, not overflow
  return runSnippet(text, "control", ".cl", o);
}

void expect(const std::string &src, Verdict verdict, Errors errors,
            kprove::driver::RunOptions o = {}) {
  auto r = cl(src, o);
  INFO(src);
  for (const auto &[c, l] : r.errors)
    INFO(c << " at line " << l);
  CHECK(r.verdict == verdict);
  CHECK(r.errors == errors);
}

} // namespace

TEST_CASE("after a loop with break: the normal exit or the state at a break", "[c][loops]") {
  const std::string loop = "//@ requires n >= 0;\n"                   // 1
                           "__kernel void k(int n, int key) {\n"      // 2
                           "  int i = 0;\n"                           // 3
                           "  //@ loop_invariant 0 <= i && i <= n;\n" // 4
                           "  while (i < n) {\n"                      // 5
                           "    if (i == key)\n"                      // 6
                           "      break;\n"                           // 7
                           "    i++;\n"                               // 8
                           "  }\n";                                   // 9
  expect(loop + "  //@ assert i == n || i == key;\n}\n", Verdict::Verified, {});
  // Holds on the normal exit only.
  expect(loop + "  //@ assert i == n;\n}\n", Verdict::Failed, {{"assert", 10}});
}

TEST_CASE("the invariant need not hold at a break, and is not assumed after it",
          "[c][loops][soundness]") {
  const std::string src = "__kernel void k(int n) {\n"                // 1
                          "  int i = 0;\n"                            // 2
                          "  //@ loop_invariant 0 <= i && i <= 10;\n" // 3
                          "  while (i < 10) {\n"                      // 4
                          "    i = i + 20;\n"                         // 5
                          "    if (n > 3)\n"                          // 6
                          "      break;\n"                            // 7
                          "    i = i - 19;\n"                         // 8
                          "  }\n";                                    // 9
  expect(src + "  //@ assert i <= 10;\n}\n", Verdict::Failed, {{"assert", 10}});
  expect(src + "  //@ assert i <= 10 || (n > 3 && i >= 20);\n}\n", Verdict::Verified, {});
}

TEST_CASE("a break keeps the frame the loop did not touch and the iteration's writes",
          "[c][loops]") {
  const std::string src =
      "/*@ context a != NULL && \\pointer_length(a) == get_global_size(0);\n"
      "    context b != NULL && \\pointer_length(b) == get_global_size(0);\n"
      "    context c != NULL && \\pointer_length(c) == get_global_size(0);\n"
      "    context Perm(&a[get_global_id(0)], write) ** Perm(&b[get_global_id(0)], write);\n"
      "    context Perm(&c[get_global_id(0)], write);\n"
      "@*/\n"                                                                         // 6
      "__kernel void k(__global int *a, __global int *b, __global int *c, int n) {\n" // 7
      "  int g = get_global_id(0);\n"                                                 // 8
      "  b[g] = 5;\n"                                                                 // 9
      "  int i = 0;\n"                                                                // 10
      "  /*@ loop_invariant 0 <= i;\n"                                                // 11
      "      loop_invariant Perm(&a[get_global_id(0)], write) ** Perm(&c[get_global_id(0)], "
      "write); @*/\n"                          // 12
      "  while (i < n) {\n"                    // 13
      "    a[g] = i;\n"                        // 14
      "    if (i == 3) { c[g] = 7; break; }\n" // 15
      "    i++;\n"                             // 16
      "  }\n";                                 // 17
  expect(
      src +
          "  //@ assert b[g] == 5;\n  //@ assert n > 3 && i == 3 ==> a[g] == 3 && c[g] == 7;\n}\n",
      Verdict::Verified, {});
  expect(src + "  //@ assert n > 3 && i == 3 ==> c[g] == 8;\n}\n", Verdict::Failed,
         {{"assert", 18}});
}

TEST_CASE("a continue must re-establish the invariant: loop.preserve at the continue",
          "[c][loops]") {
  // A for loop's continue runs the increment: s == i holds at the next test.
  const std::string head = "//@ requires n >= 0;\n"                             // 1
                           "__kernel void k(int n) {\n"                         // 2
                           "  int s = 0;\n"                                     // 3
                           "  //@ loop_invariant 0 <= i && i <= n && s == i;\n" // 4
                           "  for (int i = 0; i < n; i++) {\n"                  // 5
                           "    s++;\n";                                        // 6
  expect(head + "    if (i % 2 == 0)\n      continue;\n  }\n}\n", Verdict::Verified, {});
  expect(head + "    if (i % 2 == 0) {\n      s++;\n      continue;\n    }\n  }\n}\n",
         Verdict::Failed, {{"loop.preserve", 9}});
}

TEST_CASE("do-while with break and continue: the first iteration's jumps too", "[c][loops]") {
  const std::string src = "//@ requires n >= 1;\n"                   // 1
                          "__kernel void k(int n) {\n"               // 2
                          "  int i = 0;\n"                           // 3
                          "  //@ loop_invariant 1 <= i && i <= n;\n" // 4
                          "  do {\n"                                 // 5
                          "    if (n == 5)\n"                        // 6
                          "      break;\n"                           // 7
                          "    i++;\n"                               // 8
                          "    if (i == 2)\n"                        // 9
                          "      continue;\n"                        // 10
                          "  } while (i < n);\n";                    // 11
  expect(src + "  //@ assert n == 5 ==> i == 0;\n  //@ assert n != 5 ==> i == n;\n}\n",
         Verdict::Verified, {});
  // The first iteration's break skips the loop: i == n does not hold then.
  expect(src + "  //@ assert i == n;\n}\n", Verdict::Failed, {{"assert", 12}});
}

TEST_CASE("switch: cases, shared labels, default, exact fallthrough", "[c][switch]") {
  const std::string src = "__kernel void k(int n) {\n" // 1
                          "  int x = -1;\n"            // 2
                          "  switch (n) {\n"           // 3
                          "  case 1:\n"                // 4
                          "    x = 1;\n"               // 5
                          "  case 2:\n"                // 6
                          "  case 3:\n"                // 7
                          "    if (n == 3)\n"          // 8
                          "      break;\n"             // 9
                          "    x = x + 10;\n"          // 10
                          "    break;\n"               // 11
                          "  default:\n"               // 12
                          "    x = 0;\n"               // 13
                          "  }\n";                     // 14
  expect(src + "  //@ assert n == 1 ==> x == 11;\n  //@ assert n == 2 ==> x == 9;\n"
               "  //@ assert n == 3 ==> x == -1;\n  //@ assert n > 3 ==> x == 0;\n}\n",
         Verdict::Verified, {});
  expect(src + "  //@ assert n == 1 ==> x == 1;\n}\n", Verdict::Failed, {{"assert", 15}});
}

TEST_CASE("a continue inside a switch continues the enclosing loop", "[c][switch][loops]") {
  const std::string src = "//@ requires n >= 0;\n"                                           // 1
                          "__kernel void k(int n) {\n"                                       // 2
                          "  int odd = 0;\n"                                                 // 3
                          "  //@ loop_invariant 0 <= i && i <= n && 0 <= odd && odd <= i;\n" // 4
                          "  for (int i = 0; i < n; i++) {\n"                                // 5
                          "    switch (i % 2) {\n"                                           // 6
                          "    case 0:\n"                                                    // 7
                          "      continue;\n"                                                // 8
                          "    default:\n"                                                   // 9
                          "      odd++;\n"                                                   // 10
                          "    }\n"                                                          // 11
                          "  }\n";                                                           // 12
  expect(src + "  //@ assert odd <= n;\n}\n", Verdict::Verified, {});
  expect(src + "  //@ assert odd < n;\n}\n", Verdict::Failed, {{"assert", 13}});
}

TEST_CASE("switch forms kprove does not model are unsupported, named at their line",
          "[c][switch][unsupported]") {
  struct Case {
    const char *body;
    const char *construct;
  };
  const Case cases[] = {
      {"  switch (n) { case 0: do { n++; case 1: n++; } while (n < 4); }\n", "Duff's device"},
      {"  switch (n) { case 0 ... 3: n = 1; }\n", "case range"},
      {"  switch (n) { case 0: int t = 1; n = t; }\n", "declaration directly in a switch"},
      {"  switch (n) { n = 2; case 0: n = 1; }\n", "before the first case"},
  };
  for (const Case &c : cases) {
    std::string src = "__kernel void k(int n) {\n" + std::string(c.body) + "}\n";
    auto r = cl(src);
    INFO(src);
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors.count({"unsupported", 2}));
    CHECK(mentions(r, c.construct));
  }
}

TEST_CASE("barrier divergence decided by break and continue", "[c][loops][barrier]") {
  auto loop = [](const std::string &body) {
    return "//@ requires n >= 0;\n"                   // 1
           "__kernel void k(int n) {\n"               // 2
           "  int i = 0;\n"                           // 3
           "  //@ loop_invariant 0 <= i && i <= n;\n" // 4
           "  while (i < n) {\n" +                    // 5
           body +                                     // 6..
           "  }\n}\n";
  };
  // A thread that broke misses the barrier after the break in this iteration.
  expect(loop("    if (get_local_id(0) == 3)\n      break;\n"
              "    barrier(CLK_LOCAL_MEM_FENCE);\n    i++;\n"),
         Verdict::Failed, {{"barrier.divergence", 8}});
  // ... and the barrier before it in the next iteration.
  expect(loop("    barrier(CLK_LOCAL_MEM_FENCE);\n"
              "    if (get_local_id(0) == 3)\n      break;\n    i++;\n"),
         Verdict::Failed, {{"barrier.divergence", 6}});
  // A thread that continued misses the barrier after the continue.
  expect(loop("    i++;\n    if (get_local_id(0) == 3)\n      continue;\n"
              "    barrier(CLK_LOCAL_MEM_FENCE);\n"),
         Verdict::Failed, {{"barrier.divergence", 9}});
  // A uniform break or continue decides nothing.
  expect(loop("    if (i == 7)\n      break;\n    i++;\n    if (n > 5)\n      continue;\n"
              "    barrier(CLK_LOCAL_MEM_FENCE);\n"),
         Verdict::Verified, {});
  // A switch on the thread id with a barrier in a case.
  expect("__kernel void k(int n) {\n"
         "  switch (get_local_id(0)) {\n"
         "  case 0:\n"
         "    barrier(CLK_LOCAL_MEM_FENCE);\n"
         "    break;\n"
         "  }\n"
         "}\n",
         Verdict::Failed, {{"barrier.divergence", 4}});
}

TEST_CASE("a loop with a thread-dependent break leaves its counter non-uniform",
          "[c][loops][barrier]") {
  expect("//@ requires n >= 0;\n"                   // 1
         "__kernel void k(int n) {\n"               // 2
         "  int i = 0;\n"                           // 3
         "  //@ loop_invariant 0 <= i && i <= n;\n" // 4
         "  while (i < n) {\n"                      // 5
         "    if (get_local_id(0) == 3)\n"          // 6
         "      break;\n"                           // 7
         "    i++;\n"                               // 8
         "  }\n"                                    // 9
         "  barrier(CLK_LOCAL_MEM_FENCE);\n"        // 10
         "  if (i > 2)\n"                           // 11
         "    barrier(CLK_LOCAL_MEM_FENCE);\n"      // 12
         "}\n",
         Verdict::Failed, {{"barrier.divergence", 12}});
}

TEST_CASE("the flag -D defines macros for the code and the annotations", "[c][preprocessor]") {
  const std::string src = "__kernel void k(int n) {\n" // 1
                          "  int x = SIZE;\n"          // 2
                          "#ifdef TWICE\n"             // 3
                          "  x = 2 * x;\n"             // 4
                          "#endif\n"                   // 5
                          "  //@ assert x == SIZE;\n"  // 6
                          "}\n";
  kprove::driver::RunOptions o;
  o.defines = {"SIZE=128"};
  expect(src, Verdict::Verified, {}, o);
  o.defines = {"SIZE=128", "TWICE"};
  expect(src, Verdict::Failed, {{"assert", 6}}, o);
  // Without the definition Clang reports the unknown name.
  expect(src, Verdict::Invalid, {{"parse", 2}});
}

TEST_CASE("macros and enum constants in annotations", "[c][preprocessor]") {
  const std::string head = "#define N 128\n"                                // 1
                           "#define M (N)\n"                                // 2
                           "#define NEG -(4)\n"                             // 3
                           "enum { RED, GREEN = 5 };\n";                    // 4
  expect(head + "/*@ requires a != NULL && \\pointer_length(a) == M; @*/\n" // 5
                "__kernel void k(__global int *a) {\n"                      // 6
                "  //@ assert \\pointer_length(a) == N && GREEN == 5 && RED == 0 && NEG == -4;\n"
                "}\n",
         Verdict::Verified, {});
  expect(head + "__kernel void k(int x) {\n  //@ assert GREEN == 6;\n}\n", Verdict::Failed,
         {{"assert", 6}});
  // A local variable of the same name as an enum constant is the variable.
  expect(head + "__kernel void k(int x) {\n  int GREEN = 2;\n  //@ assert GREEN == 2;\n}\n",
         Verdict::Verified, {});
}

TEST_CASE("macros kprove cannot read exactly in annotations are unsupported, named",
          "[c][preprocessor][unsupported]") {
  struct Case {
    const char *defs;
    const char *use;
    const char *named;
  };
  const Case cases[] = {
      {"#define SQ(x) ((x) * (x))\n", "SQ(2) == 4", "'SQ'"},
      {"#define TWICE (N * 2)\n", "TWICE == 256", "'TWICE'"},
      {"#define F 1.5\n", "F == 1", "'F'"},
      {"#define U -1u\n", "U == 1", "'U'"},
      {"#define R 1\n#undef R\n#define R 2\n", "R == 2", "'R'"},
  };
  for (const Case &c : cases) {
    std::string src = "#define N 128\n" + std::string(c.defs) +
                      "__kernel void k(int x) {\n  //@ assert " + c.use + ";\n}\n";
    auto r = cl(src);
    INFO(src);
    unsigned line =
        3 + static_cast<unsigned>(std::count(c.defs, c.defs + std::strlen(c.defs), '\n'));
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors.count({"unsupported", line}));
    CHECK(mentions(r, c.named));
  }
}

TEST_CASE("#include of a header next to the file and in a -I directory", "[c][preprocessor]") {
  auto dir = kprove::testing::scratchDir();
  std::filesystem::create_directories(dir / "control-include");
  std::ofstream(dir / "control_local.h") << "#define LOCAL_SIZE 3\n";
  std::ofstream(dir / "control-include" / "control_sizes.h") << "#define OTHER 4\n";
  const std::string src = "#include \"control_local.h\"\n"
                          "#include <control_sizes.h>\n"
                          "__kernel void k(int n) {\n"
                          "  int x = LOCAL_SIZE + OTHER;\n"
                          "  //@ assert x == LOCAL_SIZE + OTHER && x == 7;\n"
                          "}\n";
  kprove::driver::RunOptions o;
  o.includeDirs = {(dir / "control-include").string()};
  expect(src, Verdict::Verified, {}, o);
  expect(src, Verdict::Invalid, {{"parse", 2}}); // without -I
}

TEST_CASE("goto: a forward exit out of nested loops to a later statement", "[c][loops][goto]") {
  // The first (i, j) with i * n + j == key: the goto leaves both loops at once.
  const std::string src = "//@ requires n >= 0;\n"                     // 1
                          "__kernel void k(int n, int key) {\n"        // 2
                          "  int i = 0, j = 0, hits = 0;\n"            // 3
                          "  //@ loop_invariant 0 <= i && i <= n;\n"   // 4
                          "  while (i < n) {\n"                        // 5
                          "    j = 0;\n"                               // 6
                          "    //@ loop_invariant 0 <= j && j <= n;\n" // 7
                          "    while (j < n) {\n"                      // 8
                          "      if (i * n + j == key)\n"              // 9
                          "        goto found;\n"                      // 10
                          "      j++;\n"                               // 11
                          "    }\n"                                    // 12
                          "    hits = hits + 1;\n"                     // 13
                          "    i++;\n"                                 // 14
                          "  }\n"                                      // 15
                          "  hits = -1;\n"                             // 16
                          "found:\n"                                   // 17
                          "  ;\n";                                     // 18
  expect(src + "  //@ assert hits == -1 || (i * n + j == key && j < n);\n}\n", Verdict::Verified,
         {});
  // The statements between the loop and the label are skipped by the goto.
  expect(src + "  //@ assert hits == -1;\n}\n", Verdict::Failed, {{"assert", 19}});
  // A label at the end of a loop body: the goto continues the outer loop.
  const std::string body = "//@ requires n >= 0;\n"                             // 1
                           "__kernel void k(int n) {\n"                         // 2
                           "  int i = 0, s = 0;\n"                              // 3
                           "  //@ loop_invariant 0 <= i && i <= n && s <= i;\n" // 4
                           "  while (i < n) {\n"                                // 5
                           "    i++;\n"                                         // 6
                           "    for (int j = 0; j < 3; j++)\n"                  // 7
                           "      if (j == i) goto next;\n"                     // 8
                           "    s++;\n"                                         // 9
                           "  next:\n"                                          // 10
                           "    ;\n"                                            // 11
                           "  }\n";                                             // 12
  expect(body + "  //@ assert s <= n;\n}\n", Verdict::Verified, {});
  expect(body + "  //@ assert s == n;\n}\n", Verdict::Failed, {{"assert", 13}});
}

TEST_CASE("goto forms that are not structured exits are unsupported, named", "[c][goto]") {
  auto backward =
      cl("__kernel void k(int n) {\nagain:\n  n--;\n  if (n > 0)\n    goto again;\n}\n");
  CHECK(backward.errors.count({"unsupported", 5}));
  CHECK(mentions(backward, "backward goto"));
  auto into = cl("__kernel void k(int n) {\n  goto in;\n  if (n) {\n  in:\n    n = 1;\n  }\n}\n");
  CHECK(into.errors.count({"unsupported", 2}));
  CHECK(mentions(into, "into a block"));
  auto over = cl("__kernel void k(int n) {\n  if (n) goto out;\n  int m = 2;\nout:\n  n = 1;\n}\n");
  CHECK(over.errors.count({"unsupported", 2}));
  CHECK(mentions(over, "over a declaration"));
  auto sw = cl("__kernel void k(int n) {\n  switch (n) {\n  case 1:\n    goto out;\n  }\nout:\n"
               "  n = 1;\n}\n");
  CHECK(sw.errors.count({"unsupported", 4}));
  CHECK(mentions(sw, "out of a switch"));
}
