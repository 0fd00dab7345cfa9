// Plain C files (.c) and VerCors's iteration contracts (docs/language.md §11.1): a
// `for` loop with a contract between its header and its body is verified as a par
// block over its iterations. Each case checks a verdict, a diagnostic code and a line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::expectOutcome;

namespace {
std::string zero(const std::string &iteration, const std::string &assign) {
  return "/*@\n"                                                                  // 1
         "  context ar != NULL && \\pointer_length(ar) == len;\n"                 // 2
         "  context (\\forall* int k; 0 <= k && k < len; Perm(&ar[k], write));\n" // 3
         "  ensures (\\forall int k; 0 <= k && k < len; ar[k] == 0);\n"           // 4
         "@*/\n"                                                                  // 5
         "void zero_array(int ar[], int len) {\n"                                 // 6
         "  for (int i = 0; i < len; i++)\n"                                      // 7
         "  /*@\n"                                                                // 8
         "    context ar != NULL;\n"                                              // 9
         "    context " +
         iteration +
         ";\n"                       // 10
         "    ensures ar[i] == 0;\n" // 11
         "  @*/\n"                   // 12
         "  {\n"                     // 13
         "    " +
         assign +
         "\n"    // 14
         "  }\n" // 15
         "}\n";  // 16
}
} // namespace

TEST_CASE("iteration contracts in a .c file", "[c][iteration]") {
  expectOutcome(zero("Perm(&ar[i], write)", "ar[i] = 0;"), Verdict::Verified, {}, ".c");
  // One iteration writes its neighbour's cell: its own contract does not give it.
  expectOutcome(zero("Perm(&ar[i], write)", "ar[i] = 0; if (i + 1 < len) ar[i + 1] = 1;"),
                Verdict::Failed, {{"perm.write", 14}}, ".c");
  // Every iteration claims cell 0: together they claim it len times.
  expectOutcome(zero("Perm(&ar[0], write)", "ar[0] = 0;"), Verdict::Failed,
                {{"framing", 11}, {"par.pre", 10}, {"par.post", 11}}, ".c");
}

TEST_CASE("iteration contracts: only the counting loop shape", "[c][iteration]") {
  std::string src = zero("Perm(&ar[i], write)", "ar[i] = 0;");
  src.replace(src.find("i++"), 3, "i += 2");
  expectOutcome(src, Verdict::Invalid, {{"unsupported", 7}}, ".c");
}

TEST_CASE("a .c file has no OpenCL builtins", "[c][iteration]") {
  auto r = kprove::testing::runSnippet("void f(int x) {\n  int y = get_local_id(0);\n}\n",
                                       "snippet", ".c");
  for (const auto &[code, line] : r.errors)
    INFO(code << " at line " << line);
  CHECK(r.verdict == Verdict::Invalid);
  REQUIRE(!r.errors.empty());
  CHECK(r.errors.begin()->second == 2u);
  CHECK(r.errors.begin()->first == "unsupported");
  CHECK(kprove::testing::mentions(r, "get_local_id"));
}

// VerCors reads OpenCL kernels from .c files that include <opencl.h>; kprove reads a
// .c file as plain C11, and its own headers say which extension they need instead of
// failing inside the header (before: "unknown type name 'bool'" in kprove's prelude).
TEST_CASE("a .c file including <opencl.h> or <cuda.h> is told to use .cl or .cu",
          "[c][iteration]") {
  for (const auto &[header, ext] : {std::pair{"opencl.h", ".cl"}, std::pair{"cuda.h", ".cu"}}) {
    auto r = kprove::testing::runSnippet(
        std::string("#include <") + header + ">\nvoid f(void) {}\n", "plain", ".c");
    INFO(header);
    CHECK(r.verdict == Verdict::Invalid);
    CHECK(r.errors.count({"parse", 1}));
    bool named = false;
    for (const auto &d : r.raw.errors)
      named =
          named || d.message.find(std::string("rename this file to ") + ext) != std::string::npos;
    CHECK(named);
  }
}
