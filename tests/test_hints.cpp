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

TEST_CASE("1/2 as a permission amount: a warning at the amount, the verdict stays", "[hints]") {
  // VerCors reads `1/2` as integer division too (0): kprove keeps that meaning
  // and says what was probably meant.
  std::string src = "context_everywhere a != null && a.length > 0;\n"
                    "requires Perm(a[0], 1/2);\n"
                    "void m(int[] a) {\n"
                    "  int x = a[0];\n"
                    "}\n";
  auto r = runSnippet(src, "frac");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == kprove::testing::ErrorSet{{"perm.read", 4}});
  CHECK(r.warnings == kprove::testing::ErrorSet{{"perm.truncated", 2}});
  CHECK(messageOf(r, "perm.truncated") ==
        "did you mean 1\\2? '/' on integers truncates: this permission is 0");
  CHECK(columnOf(r, "perm.truncated", src) == 21);

  // A literal by a variable: 0 once the variable exceeds the literal.
  r = runSnippet("requires a != null && a.length > 0 && n > 0;\n"
                 "requires Perm(a[0], 1/n);\n"
                 "void m(int[] a, int n) { }\n",
                 "frac");
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.warnings == kprove::testing::ErrorSet{{"perm.truncated", 2}});
  CHECK(messageOf(r, "perm.truncated") ==
        "did you mean 1\\n? '/' on integers truncates: this permission is 0 when n > 1");

  // Exact divisions and fractions: no warning.
  r = runSnippet("requires a != null && a.length > 0;\n"
                 "requires Perm(a[0], 2/2) ** Perm(a[0], 0\\2);\n"
                 "void m(int[] a) { }\n",
                 "frac");
  CHECK(r.warnings.empty());

  // A C annotation: the same, with C's truncating division.
  src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], 1/4);
@*/
__kernel void k(__global int *a) {
  int x = a[get_global_id(0)];
}
)";
  r = runSnippet(src, "frac", ".cl");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == kprove::testing::ErrorSet{{"perm.read", 6}});
  CHECK(r.warnings == kprove::testing::ErrorSet{{"perm.truncated", 3}});
  CHECK(messageOf(r, "perm.truncated") ==
        "did you mean 1\\4? '/' on integers truncates: this permission is 0");
  CHECK(columnOf(r, "perm.truncated", src) == 38);
}

TEST_CASE("a permission in a \\forall body: use \\forall*", "[hints]") {
  std::string src = "context_everywhere a != null;\n"
                    "requires (\\forall int i; 0 <= i && i < a.length; Perm(a[i], write));\n"
                    "void m(int[] a) { }\n";
  auto r = runSnippet(src, "forall");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 2}});
  const kprove::Diagnostic *d = diagOf(r, "type");
  REQUIRE(d);
  CHECK(d->message ==
        "a \\forall body cannot hold permissions: use \\forall* for a quantified permission");
  CHECK(columnOf(r, "type", src) == 50);
  REQUIRE(d->notes.size() == 1);
  CHECK(d->notes[0].message == "this \\forall");

  // Under an implication in the body, and in a C annotation.
  r = runSnippet(R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context (\forall int i; 0 <= i && i < get_global_size(0); i == get_global_id(0) ==> Perm(&a[i], write));
@*/
__kernel void k(__global int *a) { }
)",
                 "forall", ".cl");
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 3}});
  CHECK(messageOf(r, "type") ==
        "a \\forall body cannot hold permissions: use \\forall* for a quantified permission");
}

TEST_CASE("a par block's requires where context was meant: a note at the clause", "[hints]") {
  // The method's postcondition needs back what the block kept.
  std::string src = R"(context_everywhere a != null;
context (\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));
void m(int[] a) {
  par (int tid = 0 .. a.length)
    requires Perm(a[tid], write);
  { a[tid] = 1; }
}
)";
  auto r = runSnippet(src, "par");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors == kprove::testing::ErrorSet{{"post", 2}});
  auto hinted = [](const kprove::Diagnostic *d, unsigned offset) {
    if (!d)
      return false;
    for (const kprove::DiagNote &n : d->notes)
      if (n.message == "did you mean context? requires alone hands the permission to the block "
                       "for good")
        return n.range.begin.offset == offset;
    return false;
  };
  // Line 5, `requires Perm(a[tid], write);`.
  CHECK(hinted(diagOf(r, "post"), static_cast<unsigned>(src.find("requires Perm(a[tid]"))));

  // A later write.
  src = R"(context_everywhere a != null && a.length > 0;
requires (\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));
void m(int[] a) {
  par (int tid = 0 .. a.length)
    requires Perm(a[tid], write);
  { a[tid] = 1; }
  a[0] = 2;
}
)";
  r = runSnippet(src, "par");
  CHECK(r.errors == kprove::testing::ErrorSet{{"perm.write", 7}});
  CHECK(hinted(diagOf(r, "perm.write"), static_cast<unsigned>(src.find("requires Perm(a[tid]"))));

  // With context the permission comes back; a failure about another array gets
  // no hint.
  r = runSnippet(R"(context_everywhere a != null && b != null && a.length > 0 && b.length > 0;
requires (\forall* int i; 0 <= i && i < a.length; Perm(a[i], write));
void m(int[] a, int[] b) {
  par (int tid = 0 .. a.length)
    requires Perm(a[tid], write);
  { a[tid] = 1; }
  b[0] = 2;
}
)",
                 "par");
  CHECK(r.errors == kprove::testing::ErrorSet{{"perm.write", 7}});
  REQUIRE(diagOf(r, "perm.write"));
  for (const kprove::DiagNote &n : diagOf(r, "perm.write")->notes)
    CHECK(n.message.find("did you mean context") == std::string::npos);
}

TEST_CASE("the seed's top-level '*' where a product was meant", "[hints]") {
  std::string src = R"(kernel k {
  global int[2 * gsize] a;
  requires perm(a[2 * tid], 100);
  ensures perm(a[2 * tid], 100) * a[2 * tid] = 2 * tid;
  void main() {
    a[2 * tid] := 2 * tid;
  }
}
)";
  auto r = runSnippet(src, "seed");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == kprove::testing::ErrorSet{{"type", 4}});
  CHECK(messageOf(r, "type") ==
        "'*' at the top level of a seed clause is the separating conjunction (it binds weaker "
        "than everything else), so 'tid' is a conjunct here; did you mean a product? write it "
        "in parentheses: '(2 * tid)'");
  CHECK(columnOf(r, "type", src) == 52);
}

TEST_CASE("C: a comment between a contract and its kernel names the kernel", "[hints]") {
  std::string src = R"(/*@
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
  ensures a[get_global_id(0)] == 1;
@*/
// writes one
__kernel void k(__global int *a) {
  a[get_global_id(0)] = 2;
}
)";
  auto r = runSnippet(src, "sep", ".cl");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == kprove::testing::ErrorSet{{"unsupported", 1}});
  const kprove::Diagnostic *d = diagOf(r, "unsupported");
  REQUIRE(d);
  CHECK(d->message == "unsupported: this contract is attached to nothing: an ordinary comment "
                      "separates it from kernel 'k' (line 7)");
  REQUIRE(d->notes.size() == 1);
  CHECK(d->notes[0].message ==
        "move this comment above the contract: a contract must come right before its kernel");
  CHECK(d->notes[0].range.begin.offset == src.find("// writes one"));

  // A preprocessor line between them.
  r = runSnippet("/*@\n  requires n > 0;\n@*/\n#define X 1\n__kernel void k(int n) { }\n", "sep",
                 ".cl");
  CHECK(r.errors == kprove::testing::ErrorSet{{"unsupported", 1}});
  CHECK(messageOf(r, "unsupported") == "unsupported: this contract is attached to nothing: a "
                                       "preprocessor line separates it from kernel 'k' (line 5)");
}

TEST_CASE("C: an ordinary comment that looks like a contract is a warning", "[hints]") {
  // `/* @` (a space): an ordinary comment; the kernel fails without its contract.
  std::string src = R"(/* @
  context a != NULL && \pointer_length(a) == get_global_size(0);
  context Perm(&a[get_global_id(0)], write);
@*/
__kernel void k(__global int *a) {
  a[get_global_id(0)] = 2;
}
)";
  auto r = runSnippet(src, "look", ".cl");
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.warnings == kprove::testing::ErrorSet{{"comment.contract", 1}});
  CHECK(messageOf(r, "comment.contract") ==
        "this comment looks like a contract of kernel 'k', but it is an ordinary comment and "
        "kprove ignores it; write '/*@ ... @*/' or '//@' for a contract");

  // `//` for `//@`: a well-formed clause in an ordinary comment.
  r = runSnippet("// some kernel\n// requires n > 0;\n__kernel void k(int n) { }\n", "look", ".cl");
  CHECK(r.verdict == Verdict::Verified);
  CHECK(r.warnings == kprove::testing::ErrorSet{{"comment.contract", 2}});

  // Prose that starts with a keyword, and real contracts: quiet.
  r = runSnippet("// requires n to be even\n__kernel void k(int n) { }\n", "look", ".cl");
  CHECK(r.warnings.empty());
  r = runSnippet("//@ requires n > 0;\n__kernel void k(int n) { }\n", "look", ".cl");
  CHECK(r.warnings.empty());
}

TEST_CASE("C code: a misspelled OpenCL builtin gets kprove's suggestion", "[hints]") {
  // Clang declares OpenCL builtins lazily: its own typo correction misses them.
  auto r = runSnippet("__kernel void k(__global int *a) {\n  a[get_global_idx(0)] = 0;\n}\n",
                      "cdym", ".cl");
  CHECK(r.verdict == Verdict::Invalid);
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 2}});
  CHECK(messageOf(r, "parse") ==
        "use of undeclared identifier 'get_global_idx'; did you mean 'get_global_id'?");
  // CUDA: Clang's own suggestion stands, once.
  r = runSnippet("__global__ void k(int *a) {\n  __syncthread();\n}\n", "cdym", ".cu");
  CHECK(r.errors == kprove::testing::ErrorSet{{"parse", 2}});
  CHECK(messageOf(r, "parse") ==
        "use of undeclared identifier '__syncthread'; did you mean '__syncthreads'?");
}
