// PVL classes with int fields (the fields of `this`, as VerCors's examples use them)
// and VerCors's shared invariants: `invariant NAME(I) { ... }` with `atomic(NAME)`.
// Each verified program has failing variants checked for their code and line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <string>

using kprove::testing::expectFail;
using kprove::testing::expectVerified;
using kprove::testing::replaced;

namespace {
// An input kprove rejects (exit 2) with exactly these (code, line) errors.
void expectInvalid(const std::string &src, const kprove::testing::ErrorSet &expected) {
  auto r = kprove::testing::runSnippet(src);
  INFO(src);
  CHECK(r.verdict == kprove::driver::Verdict::Invalid);
  CHECK(r.errors == expected);
}
} // namespace

TEST_CASE("verdicts: fields of this need permission and keep their values", "[vcgen][pvl]") {
  const char *head = "class Counter {\n"
                     " int n, m;\n"
                     " context Perm(n, write) ** Perm(this.m, 1\\2);\n"
                     " ensures n == \\old(n) + m;\n"
                     " void add() {\n";
  expectVerified(std::string(head) + "  n = n + this.m;\n }\n}\n");
  expectFail(std::string(head) + "  n = n + m + 1;\n }\n}\n", {{"post", 4}});
  // Half a permission does not allow a write.
  expectFail(std::string(head) + "  m = 0;\n  n = n;\n }\n}\n", {{"perm.write", 6}});
  // Without any permission a field cannot be read.
  expectFail("class C {\n int f;\n int get() {\n  return f;\n }\n}\n", {{"perm.read", 4}});
}

TEST_CASE("verdicts: two fields are distinct locations", "[vcgen][pvl]") {
  const char *head = "class P {\n int a;\n int b;\n"
                     " context Perm(a, write) ** Perm(b, write);\n"
                     " ensures a == 1;\n"
                     " void m() {\n  a = 1;\n  b = ";
  expectVerified(std::string(head) + "2;\n }\n}\n");
  expectFail("class P {\n int a;\n int b;\n"
             " context Perm(a, write) ** Perm(b, write);\n"
             " ensures a == 2;\n"
             " void m() {\n  a = 1;\n  b = 2;\n }\n}\n",
             {{"post", 5}});
}

TEST_CASE("verdicts: calls within a class share this", "[vcgen][pvl]") {
  const char *src = "class C {\n int f;\n"
                    " context Perm(f, write);\n ensures f == \\old(f) + 1;\n"
                    " void inc() { f = f + 1; }\n"
                    " context Perm(f, write);\n ensures f == \\old(f) + ";
  expectVerified(std::string(src) + "2;\n void twice() { inc(); inc(); }\n}\n");
  expectFail(std::string(src) + "3;\n void twice() { inc(); inc(); }\n}\n", {{"post", 7}});
}

TEST_CASE("verdicts: par blocks over fields", "[vcgen][pvl]") {
  const char *head = "class R {\n int x;\n int y;\n"
                     " context Perm(x, write) ** Perm(y, write);\n"
                     " ensures x == 1 && y == 2;\n"
                     " void m() {\n"
                     "  parallel {\n"
                     "   par context Perm(x, write); ensures x == 1; { x = 1; }\n";
  expectVerified(std::string(head) +
                 "   par context Perm(y, write); ensures y == 2; { y = 2; }\n  }\n }\n}\n");
  // Both blocks want x.
  expectFail(std::string(head) +
                 "   par context Perm(x, write); ensures x == 2; { x = 2; }\n  }\n }\n}\n",
             {{"par.pre", 9}});
}

TEST_CASE("pvl: fields that kprove does not model are rejected", "[pvl]") {
  expectInvalid("int g;\nvoid m() { }\n", {{"unsupported", 1}});
  expectInvalid("class C {\n boolean b;\n void m() { }\n}\n", {{"unsupported", 2}});
  expectInvalid("class C {\n int f;\n void m(C o) { }\n}\n", {{"unsupported", 3}});
  expectInvalid("class C {\n int f;\n requires Perm(this.g, 1);\n void m() { }\n}\n",
                {{"type", 3}});
}

TEST_CASE("verdicts: an invariant block checks its invariant at the start", "[vcgen][pvl]") {
  const char *head = "class S {\n int x, y;\n"
                     " context Perm(x, write) ** Perm(y, write);\n"
                     " ensures x + y == 3;\n"
                     " void swap() {\n"
                     "  x = 1;\n  y = ";
  const char *tail = ";\n  invariant sum(Perm(x, 1\\2) ** Perm(y, 1\\2) ** x + y == 3) {\n"
                     "   atomic(sum) {\n    int t = x;\n    x = y;\n    y = t;\n   }\n  }\n }\n}\n";
  expectVerified(std::string(head) + "2" + tail);
  expectFail(std::string(head) + "3" + tail, {{"inv.establish", 8}});
}

TEST_CASE("verdicts: an atomic block must re-establish its invariant", "[vcgen][pvl]") {
  const char *head = "class S {\n int x, y;\n"
                     " context Perm(x, write) ** Perm(y, write);\n"
                     " ensures x + y == 3;\n"
                     " void swap() {\n"
                     "  x = 1;\n  y = 2;\n"
                     "  invariant sum(Perm(x, 1\\2) ** Perm(y, 1\\2) ** x + y == 3) {\n"
                     "   atomic(sum) {\n    int t = x;\n    x = y;\n    y = t";
  expectVerified(std::string(head) + ";\n   }\n  }\n }\n}\n");
  expectFail(std::string(head) + " + 1;\n   }\n  }\n }\n}\n", {{"inv.preserve", 9}});
  // Outside an atomic block the invariant's locations belong to it.
  expectFail("class S {\n int x;\n context Perm(x, write);\n void m() {\n"
             "  invariant i(Perm(x, 1\\2)) {\n   x = 1;\n  }\n }\n}\n",
             {{"perm.write", 6}});
}

TEST_CASE("verdicts: threads of a par block share an invariant through atomic blocks",
          "[vcgen][pvl]") {
  const char *head = "class T {\n int c;\n"
                     " context Perm(c, write);\n"
                     " requires c == 0;\n"
                     " ensures c >= 0;\n"
                     " void m(int n) {\n"
                     "  invariant pos(Perm(c, write) ** c >= 0) {\n"
                     "   par (int t = 0 .. n) {\n"
                     "    atomic(pos) { c = c + ";
  expectVerified(std::string(head) + "1; }\n   }\n  }\n }\n}\n");
  expectFail(std::string(head) + "t - 1; }\n   }\n  }\n }\n}\n", {{"inv.preserve", 9}});
  // A thread learns nothing about the shared location between its atomic blocks.
  expectFail(std::string(head) + "1; }\n    atomic(pos) { assert c >= 1; }\n   }\n  }\n }\n}\n",
             {{"assert", 10}});
}

TEST_CASE("pvl: atomic blocks name an enclosing invariant once", "[pvl]") {
  expectInvalid("void m() {\n atomic(i) { }\n}\n", {{"type", 2}});
  expectInvalid("void m() {\n invariant i(true) {\n  atomic(i) {\n   atomic(i) { }\n  }\n }\n}\n",
                {{"type", 4}});
  expectInvalid("void m(int n) {\n invariant i(true) {\n  par (int t = 0 .. n) {\n"
                "   atomic(i) {\n    barrier() { }\n   }\n  }\n }\n}\n",
                {{"unsupported", 5}});
}

TEST_CASE("verdicts: a local hides a field and this.f still names it", "[vcgen][pvl]") {
  const char *head = "class H {\n int f;\n context Perm(f, write);\n ensures f == 5;\n"
                     " void m() {\n  int f = 5;\n  this.f = ";
  expectVerified(std::string(head) + "f;\n }\n}\n");
  expectFail(std::string(head) + "f + 1;\n }\n}\n", {{"post", 4}});
}

// A pure function of a class may read the fields of `this` under a permission in its
// precondition, framed like an array cell (red team 2026-11-24: every read was
// "'C.x' is not available here", six times).
TEST_CASE("verdicts: pure functions read fields of this", "[vcgen][pvl]") {
  const std::string src = "class C {\n"
                          "  int x, y;\n"
                          "  requires Perm(x, read);\n"
                          "  pure int gx() = x;\n"
                          "  context Perm(x, write) ** Perm(y, write);\n"
                          "  void m() {\n"
                          "    int s = gx();\n"
                          "    y = y + 1;\n"
                          "    assert s == gx();\n"
                          "    x = x + 1;\n"
                          "    assert s + 1 == gx();\n"
                          "  }\n"
                          "}\n";
  expectVerified(src);
  // The value changes with the field: the old value no longer holds.
  expectFail(replaced(src, "assert s + 1 == gx();", "assert s == gx();"), {{"assert", 11}});
}
