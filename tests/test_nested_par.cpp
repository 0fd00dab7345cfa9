// VerCors's nested par blocks (docs/language.md §8): a thread of a par block may
// run a par block of its own; a seed kernel's thread may not. Each case checks a
// verdict, a diagnostic code and a line.
#include "snippet_checks.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::expectOutcome;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {
std::string grid(const std::string &write, const std::string &assign) {
  return "context_everywhere h != null && h.length == 6;\n"                 // 1
         "context (\\forall* int x; 0 <= x && x < 6; Perm(h[x], write));\n" // 2
         "ensures (\\forall int k; 0 <= k && k < 2; (\\forall int i; 0 <= i && i < 3;"
         " h[k*3 + i] == k + i));\n"                                                   // 3
         "void fill(int[] h) {\n"                                                      // 4
         "  par (int tk = 0 .. 2)\n"                                                   // 5
         "    context (\\forall* int i; 0 <= i && i < 3; Perm(h[tk*3 + i], write));\n" // 6
         "    ensures (\\forall int i; 0 <= i && i < 3; h[tk*3 + i] == tk + i);\n"     // 7
         "  {\n"                                                                       // 8
         "    par (int ti = 0 .. 3)\n"                                                 // 9
         "      context Perm(" +
         write +
         ", write);\n"                              // 10
         "      ensures h[tk*3 + ti] == tk + ti;\n" // 11
         "    {\n"                                  // 12
         "      " +
         assign +
         "\n"      // 13
         "    }\n" // 14
         "  }\n"   // 15
         "}\n";    // 16
}
} // namespace

TEST_CASE("nested par: the row thread is the caller of its cell threads", "[par][nested]") {
  expectOutcome(grid("h[tk*3 + ti]", "h[tk*3 + ti] = tk + ti;"), Verdict::Verified, {}, ".pvl");
  // A cell thread writing the wrong value breaks its own postcondition.
  expectOutcome(grid("h[tk*3 + ti]", "h[tk*3 + ti] = tk;"), Verdict::Failed, {{"par.post", 11}},
                ".pvl");
  // Cell threads of one row claiming cells of another row: the row thread does not
  // hold them (and they overlap between rows).
  auto r = kprove::testing::runSnippet(grid("h[ti]", "h[ti] = tk + ti;"));
  CHECK(r.verdict == Verdict::Failed);
  CHECK(r.errors.count({"par.pre", 10}) == 1);
}

TEST_CASE("nested par: the inner threads cannot assign the row thread's variables",
          "[par][nested]") {
  std::string src = "void m() {\n"                  // 1
                    "  par (int tk = 0 .. 2) {\n"   // 2
                    "    int s = 0;\n"              // 3
                    "    par (int ti = 0 .. 2) {\n" // 4
                    "      s = ti;\n"               // 5
                    "    }\n"
                    "  }\n"
                    "}\n";
  expectOutcome(src, Verdict::Invalid, {{"unsupported", 5}}, ".pvl");
}
