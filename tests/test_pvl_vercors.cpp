// VerCors PVL constructs that the front end desugars or that have their own
// meaning in vcgen: `for` loops, `parallel`/`sequential` regions, a par block's
// `context_everywhere`, \old in par clauses, sized array types, barrier clauses
// before a body, Unicode quantifiers, `\let` and trigger annotations. Parser shape
// checks, then verdicts with their code and line.
#include "lang/pvl/pvl_parser.h"
#include "snippet_checks.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>

using namespace kprove;
using kprove::driver::Verdict;
using kprove::testing::expectFail;
using kprove::testing::expectVerified;
using kprove::testing::runSnippet;
using Errors = std::set<std::pair<std::string, unsigned>>;

namespace {

struct Parse {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::optional<ir::Program> prog;
  explicit Parse(std::string text) {
    uint32_t file = sm.addFile("test.pvl", std::move(text));
    prog = lang::parsePvl(sm, file, diags);
  }
  std::string firstMessage() const {
    return diags.count() ? diags.diagnostics().at(0).message : std::string();
  }
};

const std::vector<ir::StmtPtr> &bodyOf(const Parse &p) {
  REQUIRE(p.prog);
  REQUIRE(p.diags.count() == 0);
  return *p.prog->methods.at(0).body;
}

} // namespace

TEST_CASE("pvl: a for loop is a block with its init and a while with the invariants", "[pvl]") {
  Parse p("void f(int n) {\n loop_invariant 0 <= i;\n for (int i = 0, j = 1; i < n; i++, j += 2) "
          "{ n = n; }\n}\n");
  const auto &body = bodyOf(p);
  REQUIRE(body.size() == 1);
  const ir::Stmt &block = *body[0];
  REQUIRE(block.kind == ir::StmtKind::Block);
  REQUIRE(block.body.size() == 3); // int i, int j, while
  CHECK(block.body[0]->kind == ir::StmtKind::VarDecl);
  CHECK(block.body[1]->name == "j");
  const ir::Stmt &loop = *block.body[2];
  REQUIRE(loop.kind == ir::StmtKind::While);
  CHECK(loop.clauses.size() == 1);
  CHECK(ir::toString(*loop.cond) == "(i < n)");
  REQUIRE(loop.body.size() == 3); // body, i++, j += 2
  CHECK(ir::toString(*loop.body[2]->value) == "(j + 2)");
}

TEST_CASE("pvl: a for loop without condition or init loops while true", "[pvl]") {
  Parse p("void f(int i) {\n for (; ; i = i + 1) { }\n}\n");
  const auto &body = bodyOf(p);
  const ir::Stmt &loop = *body.at(0)->body.at(0);
  CHECK(loop.kind == ir::StmtKind::While);
  CHECK(ir::toString(*loop.cond) == "true");
}

TEST_CASE("pvl: parallel and sequential regions hold their par blocks", "[pvl]") {
  Parse p("void f(int n) {\n parallel {\n  par context n > 0; { }\n  sequential {\n"
          "   par a(int i = 0 .. n) { }\n   par b(int j = 0 .. n) { }\n  }\n }\n}\n");
  const auto &body = bodyOf(p);
  const ir::Stmt &outer = *body.at(0);
  CHECK(outer.kind == ir::StmtKind::Parallel);
  REQUIRE(outer.body.size() == 2);
  CHECK(outer.body[0]->kind == ir::StmtKind::Par);
  CHECK(outer.body[0]->iters.empty());
  CHECK(outer.body[1]->kind == ir::StmtKind::Sequential);
  CHECK(outer.body[1]->body.size() == 2);
}

TEST_CASE("pvl: a par block's context_everywhere reaches its loops and barriers", "[pvl]") {
  Parse p("void f(int n) {\n par b(int i = 0 .. n)\n  context_everywhere n > 0;\n {\n"
          "  while (false) { }\n  barrier(b) requires true; { }\n }\n}\n");
  const ir::Stmt &par = *bodyOf(p).at(0);
  REQUIRE(par.clauses.size() == 1);
  CHECK(par.clauses[0].kind == ir::ClauseKind::ContextEverywhere);
  REQUIRE(par.body.size() == 2);
  REQUIRE(par.body[0]->clauses.size() == 1);
  CHECK(par.body[0]->clauses[0].kind == ir::ClauseKind::LoopInvariant);
  REQUIRE(par.body[1]->clauses.size() == 2);
  // In front of the barrier's own clauses, as VerCors (they may read what it frames).
  CHECK(par.body[1]->clauses[0].kind == ir::ClauseKind::Context);
  CHECK(par.body[1]->clauses[1].kind == ir::ClauseKind::Requires);
}

TEST_CASE("pvl: a barrier keeps its tags and its body", "[pvl]") {
  Parse p("void f(int n) {\n par b(int i = 0 .. n) {\n  barrier(b; inv, other) requires true; "
          "{ assert true; }\n }\n}\n");
  const ir::Stmt &bar = *bodyOf(p).at(0)->body.at(0);
  REQUIRE(bar.kind == ir::StmtKind::Barrier);
  REQUIRE(bar.args.size() == 2);
  CHECK(bar.args[1]->name == "other");
  REQUIRE(bar.body.size() == 1);
  CHECK(bar.body[0]->kind == ir::StmtKind::Assert);
}

TEST_CASE("pvl: sized array types read as int[]", "[pvl]") {
  Parse p("void f(int n, int[n] a, int[n + 1] b) {\n int[3] c = a;\n}\n");
  REQUIRE(p.prog);
  CHECK(p.diags.count() == 0);
  const ir::Method &m = p.prog->methods.at(0);
  CHECK(m.params.at(1).type == ir::Type::IntArray);
  CHECK(m.params.at(2).type == ir::Type::IntArray);
  Parse two("void f(int[2][3] a) { }\n");
  REQUIRE(two.prog);
  CHECK(two.prog->methods.at(0).params.at(0).type == ir::Type::IntMatrix);
  Parse three("void f(int[2][3][4] a) { }\n");
  CHECK_FALSE(three.prog);
  CHECK(three.firstMessage().find("int[2][3][4]") != std::string::npos);
}

TEST_CASE("pvl: Unicode quantifiers, let and triggers", "[pvl]") {
  Parse p("requires (\xE2\x88\x80 int i; 0 <= i; {: f(i) :} == (\\let int d = i + 1; d * d));\n"
          "requires (\xE2\x88\x80* int i; 0 <= i && i < 2; Perm(a[i], 1\\2));\n"
          "requires (\xE2\x88\x83 int i; 0 <= i; (\\forall int d; 0 <= d; (\\let int e = d; "
          "e >= 0)));\n"
          "void f(int[] a);\npure int f(int i) = i;\n");
  REQUIRE(p.prog);
  REQUIRE(p.diags.count() == 0);
  const auto &c = p.prog->methods.at(0).contract;
  CHECK(c.at(0).expr->kind == ir::ExprKind::Forall);
  CHECK(ir::toString(*c.at(0).expr->args.at(1)) == "({: f(i) :} == ((i + 1) * (i + 1)))");
  CHECK(c.at(1).expr->kind == ir::ExprKind::ForallStar);
  CHECK(c.at(2).expr->kind == ir::ExprKind::Exists);
  // A quantifier binding a variable of the let's value would capture it.
  Parse capture("requires (\\let int d = k; (\\forall int k; 0 <= k; d == k));\nvoid f(int k);\n");
  CHECK_FALSE(capture.prog);
  CHECK(capture.firstMessage().find("\\let variable 'd'") != std::string::npos);
}

TEST_CASE("verdicts: for loops keep their invariants", "[vcgen][pvl]") {
  expectVerified("requires n >= 0;\nensures \\result == n;\nint count(int n) {\n int s = 0;\n"
                 " loop_invariant 0 <= i && i <= n;\n loop_invariant s == i;\n"
                 " for (int i = 0; i < n; i++) { s = s + 1; }\n return s;\n}\n");
  expectFail("requires n >= 0;\nint count(int n) {\n int s = 0;\n"
             " loop_invariant s == i;\n"
             " for (int i = 0; i < n; i++) { s = s + 2; }\n return s;\n}\n",
             {{"loop.preserve", 4}});
}

TEST_CASE("verdicts: parallel regions need disjoint preconditions", "[vcgen][pvl]") {
  const char *head = "context_everywhere a != null && a.length == 2;\n"
                     "context Perm(a[0], write) ** Perm(a[1], write);\n"
                     "ensures a[0] == 1 && a[1] == 2;\n"
                     "void m(int[] a) {\n"
                     " parallel {\n"
                     "  par context Perm(a[0], write); ensures a[0] == 1; { a[0] = 1; }\n";
  expectVerified(std::string(head) +
                 "  par context Perm(a[1], write); ensures a[1] == 2; { a[1] = 2; }\n }\n}\n");
  expectFail(std::string(head) +
                 "  par context Perm(a[0], write); ensures a[0] == 2; { a[0] = 2; }\n }\n}\n",
             {{"par.pre", 7}});
  // Each branch is verified on its own, against its own contract.
  expectFail(std::string(head) +
                 "  par context Perm(a[1], write); ensures a[1] == 2; { a[1] = 3; }\n }\n}\n",
             {{"par.post", 7}});
}

TEST_CASE("verdicts: sequential regions hand over only what the contracts say", "[vcgen][pvl]") {
  const char *src = "context_everywhere a != null && a.length == 2;\n"
                    "context Perm(a[0], write) ** Perm(a[1], write);\n"
                    "void m(int[] a) {\n"
                    " sequential {\n"
                    "  par context Perm(a[0], write); { a[0] = 1; }\n"
                    "  par context Perm(a[0], write) ** Perm(a[1], write); { a[1] = 1; }\n"
                    " }\n"
                    "}\n";
  // The caller holds a[1], but VerCors hands the second block only the first one's
  // postcondition.
  expectFail(src, {{"par.pre", 6}});
}

TEST_CASE("verdicts: old in a par block's clauses is the block's start", "[vcgen][pvl]") {
  const char *src = "context_everywhere a != null && a.length == n;\n"
                    "context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));\n"
                    "void m(int n, int[] a) {\n"
                    " par (int t = 0 .. n)\n"
                    "  context Perm(a[t], write);\n"
                    "  requires a[t] == \\old(a[t]);\n"
                    "  ensures a[t] == \\old(a[t]) + 1;\n"
                    " { a[t] = a[t] + ";
  expectVerified(std::string(src) + "1; }\n}\n");
  expectFail(std::string(src) + "2; }\n}\n", {{"par.post", 7}});
}

// Issue 12's minimal reproductions of incompleteness found in VerCors's corpus.
TEST_CASE("verdicts: context_everywhere frames a loop invariant without counting it twice",
          "[vcgen][pvl]") {
  const std::string loop = "context_everywhere a != null && a.length > 0;\n"
                           "context_everywhere Perm(a[0], write);\n"
                           "void m(int[] a) {\n"
                           "  a[0] = 0;\n"
                           "  int i = 0;\n"
                           "  loop_invariant 0 <= i && i <= 10;\n"
                           "  loop_invariant a[0] == 0;\n" // 7
                           "  while (i < 10) { i = i + 1; }\n"
                           "  assert a[0] == 0;\n"
                           "}\n";
  expectVerified(loop);
  expectFail(kprove::testing::replaced(loop, "while (i < 10) { i = i + 1; }",
                                       "while (i < 10) { i = i + 1; a[0] = i; }"),
             {{"loop.preserve", 7}});
}

TEST_CASE("verdicts: a forall* bound N*2 with N == 2 known is the literal 4", "[vcgen][pvl]") {
  const std::string par = "context_everywhere a != null && a.length == 4;\n"
                          "requires N == 2;\n"
                          "requires (\\forall* int i; 0 <= i && i < N*2; Perm(a[i], write));\n"
                          "void m(int[] a, int N) {\n"
                          "  par (int t = 0..N*2)\n"
                          "    context Perm(a[t], write);\n" // 6
                          "  {\n"
                          "    a[t] = t;\n"
                          "  }\n"
                          "}\n";
  expectVerified(par);
  expectFail(kprove::testing::replaced(par, "i < N*2; Perm", "i < N*2 - 1; Perm"),
             {{"par.pre", 6}});
}

// Two-dimensional arrays (docs/language.md §2): rows are fixed, \matrix makes them
// distinct, non-null and of one length.
TEST_CASE("verdicts: 2-D arrays, rows and \\matrix", "[vcgen][pvl]") {
  const std::string head = "context_everywhere M >= 0 && N >= 0 && \\matrix(m, M, N);\n"
                           "context (\\forall* int i; 0 <= i && i < M; (\\forall* int j; 0 <= j "
                           "&& j < N; Perm(m[i][j], write)));\n";
  const std::string zero = "ensures (\\forall int i; 0 <= i && i < M; (\\forall int j; 0 <= j "
                           "&& j < N; m[i][j] == 0));\n"
                           "void z(int M, int N, int[M][N] m) {\n"
                           " par (int i = 0 .. M, int j = 0 .. N)\n"
                           "  context Perm(m[i][j], write);\n"
                           "  ensures m[i][j] == 0;\n"
                           " { m[i][j] = VALUE; }\n"
                           "}\n";
  expectVerified(head + kprove::testing::replaced(zero, "VALUE", "0"));
  expectFail(head + kprove::testing::replaced(zero, "VALUE", "1"), {{"par.post", 7}});
  // A row is an int[]: its length is \matrix's, and it may be passed on.
  expectVerified(head + "requires M > 1 && N > 0;\n"
                        "ensures m[1][0] == 5;\n"
                        "void r(int M, int N, int[][] m) {\n"
                        " int[] row = m[1];\n"
                        " assert row.length == N && row != m[0];\n"
                        " row[0] = 5;\n"
                        "}\n");
  // Rows read past the matrix: bounds on the row index, then on the column.
  expectFail(head + "void b(int M, int N, int[][] m) {\n int x = m[M][0];\n}\n", {{"bounds", 4}});
  // Without \matrix, two rows may be one array: a 2-D \forall* may name a cell twice.
  expectFail("requires m != null && m.length == 2 && m[0] != null && m[1] != null;\n"
             "requires m[0].length == 1 && m[1].length == 1;\n"
             "requires (\\forall* int i; 0 <= i && i < 2; Perm(m[i][0], write));\n"
             "void a(int[][] m) { }\n",
             {{"injectivity", 3}});
  // Rows are fixed: assigning one is unsupported; \matrix needs an int[][].
  auto rowWrite = runSnippet("requires m != null && m.length == 1;\n"
                             "void w(int[][] m, int[] a) {\n m[0] = a;\n}\n");
  CHECK(rowWrite.verdict == Verdict::Invalid);
  CHECK(rowWrite.errors == Errors{{"unsupported", 3}});
  // A permission to a row: a bodiless method holding one could claim the row changed.
  auto rowPerm = runSnippet("requires m != null && m.length == 1;\n"
                            "requires Perm(m[0], write);\nvoid reset(int[][] m);\n");
  CHECK(rowPerm.verdict == Verdict::Invalid);
  CHECK(rowPerm.errors == Errors{{"unsupported", 2}});
  auto notMatrix = runSnippet("requires \\matrix(a, 1, 1);\nvoid f(int[] a) { }\n");
  CHECK(notMatrix.verdict == Verdict::Invalid);
  CHECK(notMatrix.errors == Errors{{"type", 1}});
}

TEST_CASE("pvl: a vec block holds its one iteration variable and its body", "[pvl]") {
  Parse p("void f(int[] a, int n) {\n vec (int j = 0 .. n) { a[j] = j; }\n}\n");
  const auto &body = bodyOf(p);
  REQUIRE(body.size() == 1);
  const ir::Stmt &vec = *body[0];
  REQUIRE(vec.kind == ir::StmtKind::Vec);
  REQUIRE(vec.iters.size() == 1);
  CHECK(vec.iters[0].name == "j");
  CHECK(ir::toString(*vec.iters[0].hi) == "n");
  REQUIRE(vec.body.size() == 1);
  CHECK(vec.body[0]->kind == ir::StmtKind::Assign);
}

TEST_CASE("verdicts: a vec block runs its iterations in lock-step", "[vcgen][pvl]") {
  const char *head = "context_everywhere n > 1 && a != null && a.length == n + 1;\n"
                     "context (\\forall* int i; 0 <= i && i <= n; Perm(a[i], write));\n";
  // Every iteration reads before any writes: a[j] gets the old a[j + 1].
  expectVerified(std::string(head) +
                 "ensures (\\forall int i; 0 <= i && i < n; a[i] == \\old(a[i + 1]));\n"
                 "ensures a[n] == \\old(a[n]);\n"
                 "void shift(int n, int[] a) {\n vec (int j = 0 .. n) { a[j] = a[j + 1]; }\n}\n");
  // ... not the value an earlier iteration wrote (a sequential loop's a[1] would be 5).
  expectFail(std::string(head) + "void shift(int n, int[] a) {\n a[1] = 5; a[2] = 7;\n"
                                 " vec (int j = 0 .. n) { a[j] = a[j + 1]; }\n"
                                 " assert a[0] == 5;\n assert a[1] == 5;\n}\n",
             {{"assert", 7}});
  // An if masks iterations; a lane's own variable keeps its value where it is masked.
  expectVerified(std::string(head) +
                 "ensures (\\forall int i; 0 <= i && i < n; a[i] == (i % 2 == 0 ? 1 : 2));\n"
                 "void parity(int n, int[] a) {\n vec (int j = 0 .. n) {\n  int v = 2;\n"
                 "  if (j % 2 == 0) { v = 1; }\n  a[j] = v;\n  assert a[j] == v;\n }\n}\n");
  // An uninitialised variable has a value of its own in each iteration.
  expectFail(std::string(head) + "void lanes(int n, int[] a) {\n"
                                 " vec (int j = 0 .. n) { int t; a[j] = t; }\n"
                                 " assert a[0] == a[1];\n}\n",
             {{"assert", 5}});
}

TEST_CASE("verdicts: a vec block's writes need permission and distinct cells", "[vcgen][pvl]") {
  const char *head = "context_everywhere a != null && b != null && a.length == n && "
                     "b.length == n;\n";
  // Two iterations writing one cell.
  expectFail(std::string(head) +
                 "context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));\n"
                 "void one(int n, int[] a, int[] b) {\n vec (int j = 0 .. n) { a[0] = j; }\n}\n",
             {{"perm.write", 4}});
  expectFail(std::string(head) + "context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));\n"
                                 "void half(int n, int[] a, int[] b) {\n"
                                 " vec (int j = 0 .. n) { a[j / 2] = j; }\n}\n",
             {{"injectivity", 4}});
  // Reads need the thread's permission for every iteration.
  expectFail(
      std::string(head) +
          "context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));\n"
          "void load(int n, int[] a, int[] b) {\n vec (int j = 0 .. n) { a[j] = b[j]; }\n}\n",
      {{"perm.read", 4}});
  expectFail(std::string(head) +
                 "context (\\forall* int i; 0 <= i && i < n; Perm(a[i], 1\\2));\n"
                 "void half(int n, int[] a, int[] b) {\n vec (int j = 0 .. n) { a[j] = 0; }\n}\n",
             {{"perm.write", 4}});
}

TEST_CASE("pvl: what a vec block cannot hold is unsupported, by name", "[vcgen][pvl]") {
  const char *head = "context_everywhere a != null && a.length == n;\n"
                     "context (\\forall* int i; 0 <= i && i < n; Perm(a[i], write));\n";
  // Every iteration would assign the method's variable.
  auto outer = runSnippet(std::string(head) + "void f(int n, int[] a) {\n int s = 0;\n"
                                              " vec (int j = 0 .. n) { s = j; }\n}\n");
  CHECK(outer.verdict == Verdict::Invalid);
  CHECK(outer.errors == Errors{{"unsupported", 5}});
  auto loop = runSnippet(std::string(head) + "void f(int n, int[] a) {\n"
                                             " vec (int j = 0 .. n) {\n"
                                             "  while (false) { }\n }\n}\n");
  CHECK(loop.verdict == Verdict::Invalid);
  CHECK(loop.errors == Errors{{"unsupported", 5}});
}

TEST_CASE("verdicts: par blocks over blocks of cells give back their whole range",
          "[vcgen][pvl][blocks]") {
  // VerCors's addvec2 shape: thread k holds and defines cells [k*N, (k+1)*N); the
  // caller knows every cell of [0, M*N) without finding each cell's thread itself.
  const std::string src =
      "context_everywhere M > 0 && N > 0;\n"                                           // 1
      "context_everywhere a != null ** a.length == M*N;\n"                             // 2
      "context_everywhere b != null ** b.length == M*N;\n"                             // 3
      "context (\\forall* int i; 0 <= i && i < M*N; Perm(a[i], write));\n"             // 4
      "context (\\forall* int i; 0 <= i && i < M*N; Perm(b[i], 1\\2));\n"              // 5
      "ensures (\\forall int i; 0 <= i && i < M*N; a[i] == b[i] + 1);\n"               // 6
      "void main(int M, int N, int[] a, int[] b) {\n"                                  // 7
      "  par (int k = 0 .. M)\n"                                                       // 8
      "    context (\\forall* int i; k*N <= i && i < (k+1)*N; Perm(a[i], write));\n"   // 9
      "    context (\\forall* int i; k*N <= i && i < (k+1)*N; Perm(b[i], 1\\2));\n"    // 10
      "    ensures (\\forall int i; k*N <= i && i < (k+1)*N; a[i] == b[i] + VALUE);\n" // 11
      "  {\n"                                                                          // 12
      "    assume (\\forall int i; k*N <= i && i < (k+1)*N; a[i] == b[i] + VALUE);\n"  // 13
      "  }\n"                                                                          // 14
      "}\n";
  using kprove::testing::replaced; // the first occurrence: the ensures, then the assume
  kprove::testing::expectOutcome(replaced(replaced(src, "VALUE", "1"), "VALUE", "1"),
                                 Verdict::Verified, {}, ".pvl");
  kprove::testing::expectOutcome(replaced(replaced(src, "VALUE", "2"), "VALUE", "2"),
                                 Verdict::Failed, {{"post", 6}}, ".pvl");
}

TEST_CASE("verdicts: resource predicates are their bodies, and fold and unfold check them",
          "[vcgen][pvl]") {
  const std::string counter = "class Counter {\n"                                // 1
                              "  int x;\n"                                       // 2
                              "  resource state() = Perm(x, write) ** x >= 0;\n" // 3
                              "  requires state();\n"                            // 4
                              "  ensures state() ** (\\unfolding state() \\in x) == \\old("
                              "\\unfolding state() \\in x) + 1;\n" // 5
                              "  void inc() {\n"                   // 6
                              "    unfold state();\n"              // 7
                              "    x = x + STEP;\n"                // 8
                              "    fold state();\n"                // 9
                              "  }\n"                              // 10
                              "}\n";
  using kprove::testing::replaced;
  expectVerified(replaced(counter, "STEP", "1"));
  // x = x - 1 may leave x negative: the fold (not the predicate's text) is blamed.
  expectFail(replaced(counter, "STEP", "-1"), {{"assert", 9}, {"post", 5}});
  // Inline predicates with parameters, used in contracts; arguments are substituted
  // simultaneously (p(b, a) swaps them).
  expectVerified("inline resource two(int[] a, int[] b) = a != null && b != null && "
                 "a.length == 1 && b.length == 1 ** Perm(a[0], write) ** Perm(b[0], 1\\2);\n"
                 "requires two(p, q);\nensures two(p, q) ** p[0] == q[0];\n"
                 "void copy(int[] p, int[] q) {\n p[0] = q[0];\n}\n");
  expectFail("inline resource two(int[] a, int[] b) = a != null && b != null && "
             "a.length == 1 && b.length == 1 ** Perm(a[0], write) ** Perm(b[0], 1\\2);\n"
             "requires two(q, p);\n"
             "void copy(int[] p, int[] q) {\n p[0] = q[0];\n}\n",
             {{"perm.write", 4}});
}

TEST_CASE("pvl: recursive and abstract resource predicates are unsupported", "[pvl][errors]") {
  auto recursive =
      runSnippet("resource list(int[] a, int i) = Perm(a[i], write) ** list(a, i + 1);\n"
                 "void f() { }\n");
  CHECK(recursive.verdict == Verdict::Invalid);
  CHECK(recursive.errors == Errors{{"unsupported", 1}});
  auto abstract = runSnippet("resource inv(int[] a);\nrequires inv(a);\nvoid f(int[] a) { }\n");
  CHECK(abstract.verdict == Verdict::Invalid);
  CHECK(abstract.errors == Errors{{"unsupported", 1}});
}
