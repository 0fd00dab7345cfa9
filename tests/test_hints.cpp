// Hints for the classic slips of contract writers (issue 13, "Messages"): what they
// probably meant, at the right place. A hint is text only: it never changes a
// verdict. Each test checks the code, the line and the hint's text.
#include "logic/spelling.h"
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;
using kprove::testing::SnippetResult;

namespace {

// The one diagnostic (error or warning) with this code, or nullptr.
const kprove::Diagnostic *diagOf(const SnippetResult &r, const std::string &code) {
  for (const auto *list : {&r.raw.errors, &r.raw.warnings})
    for (const kprove::Diagnostic &d : *list)
      if (kprove::diagCodeName(d.code) == code)
        return &d;
  return nullptr;
}

std::string messageOf(const SnippetResult &r, const std::string &code) {
  const kprove::Diagnostic *d = diagOf(r, code);
  return d ? d->message : "";
}

// The column (1-based) where the diagnostic with this code starts in `src`.
unsigned columnOf(const SnippetResult &r, const std::string &code, const std::string &src) {
  const kprove::Diagnostic *d = diagOf(r, code);
  if (!d)
    return 0;
  size_t at = d->range.begin.offset;
  size_t lineStart = src.rfind('\n', at == 0 ? 0 : at - 1);
  return static_cast<unsigned>(at - (lineStart == std::string::npos ? 0 : lineStart + 1) + 1);
}

} // namespace

TEST_CASE("edit distance and the nearest name", "[hints]") {
  using kprove::editDistance;
  using kprove::nearestName;
  CHECK(editDistance("length", "lenght") == 1); // a transposition is one edit
  CHECK(editDistance("count", "cuont") == 1);
  CHECK(editDistance("kitten", "sitting") == 3);
  CHECK(editDistance("", "abc") == 3);
  CHECK(nearestName("lenght", {"left", "length"}) == "length");
  CHECK(nearestName("twise", {"twice", "thrice"}) == "twice");
  // Short names: at most one edit; one-letter names get no suggestion.
  CHECK(nearestName("lenn", {"len"}) == "len");
  CHECK_FALSE(nearestName("abcd", {"ab"}));
  CHECK_FALSE(nearestName("i", {"n"}));
  CHECK_FALSE(nearestName("count", {"count"}));
  CHECK_FALSE(nearestName("total", {"alpha", "beta"}));
  CHECK(kprove::didYouMean("Prem", {"Perm", "PointsTo"}) == "; did you mean 'Perm'?");
}

TEST_CASE("'=' for '==' in an annotation is a parse error at the '='", "[hints]") {
  std::string src = "requires n = 4;\nvoid m(int n) { }\n";
  auto r = runSnippet(src, "eq");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 1}});
  CHECK(messageOf(r, "parse") == "'=' is assignment; did you mean '=='?");
  CHECK(columnOf(r, "parse", src) == 12);

  src = "void m(int x, int y) {\n  assert x = y;\n}\n";
  r = runSnippet(src, "eq");
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 2}});
  CHECK(messageOf(r, "parse") == "'=' is assignment; did you mean '=='?");
  CHECK(columnOf(r, "parse", src) == 12);

  // The same in a C annotation.
  src = "/*@\n  requires n = 4;\n@*/\n__kernel void k(int n) { }\n";
  r = runSnippet(src, "eq", ".cl");
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 2}});
  CHECK(messageOf(r, "parse") == "'=' is assignment; did you mean '=='?");
  CHECK(columnOf(r, "parse", src) == 14);

  // Not a formula: a default argument is not a slip for '=='.
  r = runSnippet("void m(int n = 4) { }\n", "eq");
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 1}});
  CHECK(messageOf(r, "parse").find("did you mean") == std::string::npos);
}

TEST_CASE("misspelled names in PVL: variables, functions, Perm, \\result, .length", "[hints]") {
  auto r = runSnippet("void m(int[] a, int count) {\n  int y = cuont + 1;\n}\n", "dym");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 2}});
  CHECK(messageOf(r, "type") == "unknown identifier 'cuont'; did you mean 'count'?");

  r = runSnippet("pure int twice(int x) = 2 * x;\nvoid m() {\n  int z = twise(3);\n}\n", "dym");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 3}});
  CHECK(messageOf(r, "type") == "unknown function 'twise'; did you mean 'twice'?");

  r = runSnippet("void callee(int x) { }\nvoid m() {\n  calee(1);\n}\n", "dym");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 3}});
  CHECK(messageOf(r, "type") == "unknown method 'calee'; did you mean 'callee'?");

  r = runSnippet("requires a != null && a.length > 0 ** Prem(a[0], write);\nvoid m(int[] a) { }\n",
                 "dym");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 1}});
  CHECK(messageOf(r, "type") == "unknown function 'Prem'; did you mean 'Perm'?");

  std::string src = "ensures \\reslt == 1;\nint m() {\n  return 1;\n}\n";
  r = runSnippet(src, "dym");
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 1}});
  CHECK(messageOf(r, "parse") == "unknown '\\reslt'; did you mean '\\result'?");
  CHECK(columnOf(r, "parse", src) == 9);

  src = "requires a != null && a.lenght > 0;\nvoid m(int[] a) { }\n";
  r = runSnippet(src, "dym");
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 1}});
  CHECK(messageOf(r, "parse") == "unknown field '.lenght'; did you mean '.length'?");
  CHECK(columnOf(r, "parse", src) == 24);

  // Nothing near: no suggestion.
  r = runSnippet("void m(int count) {\n  int y = total;\n}\n", "dym");
  CHECK(messageOf(r, "type") == "unknown identifier 'total'");
}

TEST_CASE("misspelled names in C annotations: parameters and GPU builtins", "[hints]") {
  auto r = runSnippet(R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_idx(0)], write);
@*/
__kernel void k(__global int *a) {
  a[get_global_id(0)] = 0;
}
)",
                      "dym", ".cl");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 3}});
  CHECK(messageOf(r, "type") == "unknown function 'get_global_idx'; did you mean 'get_global_id'?");

  r = runSnippet(R"(/*@
  context a != NULL && \pointer_lenght(a) == get_global_size(0);
@*/
__kernel void k(__global int *a) { }
)",
                 "dym", ".cl");
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 2}});
  CHECK(messageOf(r, "parse") == "unknown '\\pointer_lenght'; did you mean '\\pointer_length'?");

  r = runSnippet(R"(/*@
  context a != NULL && \pointer_length(a) == blockDim.x;
  context Perm(&a[threadIdz.x], write);
@*/
__global__ void k(int *a, int len) {
  a[threadIdx.x] = len;
}
)",
                 "dym", ".cu");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 3}});
  CHECK(messageOf(r, "type") == "unknown identifier 'threadIdz.x'; did you mean 'threadIdx.x'?");

  r = runSnippet(R"(/*@
  context a != NULL && \pointer_length(a) == blockDim.x;
  context Perm(&a[threadIdx.x], write);
  ensures a[threadIdx.x] == lenn;
@*/
__global__ void k(int *a, int len) {
  a[threadIdx.x] = len;
}
)",
                 "dym", ".cu");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 4}});
  CHECK(messageOf(r, "type") == "unknown identifier 'lenn'; did you mean 'len'?");
}
