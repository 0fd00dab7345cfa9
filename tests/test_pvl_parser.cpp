// PVL front end: round trips (parse -> toString), seed kernel syntax, error positions
// and robustness against hostile input.
#include "lang/pvl/pvl_parser.h"

#include "seed_figures.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <string>

using namespace kprove;
using kprove::testing::kBinomial;
using kprove::testing::kDemo;

namespace {

// One parse of `text`, keeping the sources alive for line:col queries.
struct Parse {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::optional<ir::Program> prog;

  explicit Parse(std::string text) {
    uint32_t file = sm.addFile("test.pvl", std::move(text));
    prog = lang::parsePvl(sm, file, diags);
  }

  const Diagnostic &diag(size_t i = 0) const { return diags.diagnostics().at(i); }
  std::string where(size_t i = 0) const { return at(diag(i).range); }
  std::string at(SourceRange r) const {
    LineCol lc = sm.lineCol(r.begin);
    return std::to_string(lc.line) + ":" + std::to_string(lc.col);
  }
  std::string text(SourceRange r) const {
    return std::string(sm.text(r.begin.file).substr(r.begin.offset, r.end.offset - r.begin.offset));
  }
  std::string printed() const { return prog ? ir::toString(*prog) : "<no program>"; }
};

// A PVL expression, printed after a round trip through the parser.
std::string pvlExpr(const std::string &e) {
  Parse p("requires " + e + ";\nvoid f();\n");
  INFO(e);
  REQUIRE(p.prog);
  REQUIRE(p.diags.count() == 0);
  return ir::toString(*p.prog->methods.at(0).contract.at(0).expr);
}

// A clause expression in a seed kernel.
std::string seedExpr(const std::string &e) {
  Parse p("kernel k {\n  requires " + e + ";\n  void main() {}\n}\n");
  INFO(e);
  REQUIRE(p.prog);
  REQUIRE(p.diags.count() == 0);
  return ir::toString(*p.prog->kernels.at(0).contract.at(0).expr);
}

// Parses, prints, re-parses and prints again: the printer's output is a fixed point.
void requireStableRoundTrip(const std::string &text) {
  Parse first(text);
  REQUIRE(first.prog);
  std::string once = first.printed();
  Parse second(once);
  INFO(once);
  REQUIRE(second.prog);
  CHECK(second.printed() == once);
}

void requireParseError(const std::string &text, const std::string &where,
                       const std::string &message) {
  Parse p(text);
  INFO(text);
  CHECK_FALSE(p.prog);
  REQUIRE(p.diags.count() == 1);
  CHECK(p.diag().code == DiagCode::Parse);
  CHECK(p.where() == where);
  CHECK(p.diag().message == message);
}

} // namespace

TEST_CASE("pvl: empty and comment-only input is an empty program", "[pvl]") {
  for (const char *text : {"", "   \n\t\r\n", "// only a comment", "/* block */ // line\n"}) {
    Parse p(text);
    REQUIRE(p.prog);
    CHECK(p.diags.count() == 0);
    CHECK(p.prog->methods.empty());
    CHECK(p.prog->kernels.empty());
  }
}

TEST_CASE("pvl: literals and primaries", "[pvl]") {
  CHECK(pvlExpr("42") == "42");
  CHECK(pvlExpr("true") == "true");
  CHECK(pvlExpr("false") == "false");
  CHECK(pvlExpr("a == null") == "(a == null)");
  CHECK(pvlExpr("Perm(a[i], write)") == "Perm(a[i], write)");
  CHECK(pvlExpr("Perm(a[i], read)") == "Perm(a[i], read)");
  CHECK(pvlExpr("Perm(a[i], none)") == "Perm(a[i], none)");
  CHECK(pvlExpr("PointsTo(a[i], 1\\2, 7)") == "PointsTo(a[i], (1 \\ 2), 7)");
  CHECK(pvlExpr("\\old(a[i]) < \\result") == "(\\old(a[i]) < \\result)");
  CHECK(pvlExpr("f(1, g(x), h())") == "f(1, g(x), h())");
  CHECK(pvlExpr("a[i + 1] + a.length") == "(a[(i + 1)] + a.length)");
  CHECK(pvlExpr("9223372036854775807") == "9223372036854775807");
}

TEST_CASE("pvl: operator precedence follows VerCors", "[pvl]") {
  CHECK(pvlExpr("a + b * c") == "(a + (b * c))");
  CHECK(pvlExpr("a - b - c") == "((a - b) - c)");
  CHECK(pvlExpr("a * b / c % d") == "(((a * b) / c) % d)");
  CHECK(pvlExpr("a + b < c - d") == "((a + b) < (c - d))");
  CHECK(pvlExpr("a == b < c") == "(a == (b < c))");
  CHECK(pvlExpr("a != b && c") == "((a != b) && c)");
  CHECK(pvlExpr("a || b && c") == "(a || (b && c))");
  CHECK(pvlExpr("a ==> b || c") == "(a ==> (b || c))");
  CHECK(pvlExpr("a ==> b ==> c") == "(a ==> (b ==> c))");
  CHECK(pvlExpr("a ? b : c ? d : e") == "(a ? b : (c ? d : e))");
  CHECK(pvlExpr("a ==> b ? c : d") == "((a ==> b) ? c : d)");
  // `**` shares the precedence of `&&` (VerCors' andExpr), below `==`, above `||`.
  CHECK(pvlExpr("a && b ** c") == "((a && b) ** c)");
  CHECK(pvlExpr("a ** b && c") == "((a ** b) && c)");
  CHECK(pvlExpr("a || b ** c") == "(a || (b ** c))");
  CHECK(pvlExpr("a ** b ==> c") == "((a ** b) ==> c)");
  CHECK(pvlExpr("x == 1 ** y == 2") == "((x == 1) ** (y == 2))");
  CHECK(pvlExpr("-a * !b") == "(-a * !b)");
  CHECK(pvlExpr("- -a") == "-(-a)");
  CHECK(pvlExpr("!!b") == "!(!b)");
  CHECK(pvlExpr("(a + b) * c") == "((a + b) * c)");
}

TEST_CASE("pvl: fraction operator", "[pvl]") {
  CHECK(pvlExpr("1\\2") == "(1 \\ 2)");
  CHECK(pvlExpr("1\\n") == "(1 \\ n)"); // `\n` is not an escape: 1 divided by n
  CHECK(pvlExpr("a * 1\\2") == "((a * 1) \\ 2)");
  CHECK(pvlExpr("write\\n") == "(write \\ n)");
}

TEST_CASE("pvl: quantifiers", "[pvl]") {
  CHECK(pvlExpr("(\\forall int i; 0 <= i && i < n; a[i] > 0)") ==
        "(\\forall int i; ((0 <= i) && (i < n)); (a[i] > 0))");
  CHECK(pvlExpr("(\\exists int i; a[i] == 0)") == "(\\exists int i; true; (a[i] == 0))");
  CHECK(pvlExpr("(\\forall* int i; 0 <= i && i < n; Perm(a[i], 1\\2))") ==
        "(\\forall* int i; ((0 <= i) && (i < n)); Perm(a[i], (1 \\ 2)))");
  // VerCors' range binder: LO <= i && i < HI.
  CHECK(pvlExpr("(\\forall* int i = 0 .. n; Perm(a[i], read))") ==
        "(\\forall* int i; ((0 <= i) && (i < n)); Perm(a[i], read))");
  CHECK(pvlExpr("(\\forall int i = 0 .. n; i != 5; a[i] == 0)") ==
        "(\\forall int i; (((0 <= i) && (i < n)) && (i != 5)); (a[i] == 0))");
  CHECK(pvlExpr("(\\forall int i, int j; i < j; a[i] <= a[j])") ==
        "(\\forall int i, int j; (i < j); (a[i] <= a[j]))");
  CHECK(pvlExpr("(\\exists bool b; b)") == "(\\exists bool b; true; b)");
}

TEST_CASE("pvl: quantifier node carries binders and its parenthesised range", "[pvl]") {
  Parse p("requires (\\forall int i, int j; i < j; true);\nvoid f();");
  REQUIRE(p.prog);
  const ir::Expr &q = *p.prog->methods[0].contract[0].expr;
  CHECK(q.kind == ir::ExprKind::Forall);
  REQUIRE(q.binders.size() == 2);
  CHECK(q.binders[1].name == "j");
  CHECK(p.at(q.binders[1].range) == "1:30");
  CHECK(p.text(q.range) == "(\\forall int i, int j; i < j; true)");
}

TEST_CASE("pvl: methods, functions, modifiers and contracts", "[pvl]") {
  Parse p(R"(
requires n >= 0;
decreases n;
pure int sum(int n) = n == 0 ? 0 : n + sum(n - 1);

static inline boolean flag(int x, frac p);

context_everywhere a != null;
context Perm(a[0], write);
ensures \result == a[0];
int first(int[] a) { return a[0]; }
)");
  REQUIRE(p.prog);
  REQUIRE(p.prog->methods.size() == 3);
  const ir::Method &sum = p.prog->methods[0];
  CHECK(sum.pure);
  CHECK(sum.pureBody);
  CHECK_FALSE(sum.body);
  CHECK(sum.returnType == ir::Type::Int);
  REQUIRE(sum.contract.size() == 2);
  CHECK(sum.contract[0].kind == ir::ClauseKind::Requires);
  CHECK(sum.contract[1].kind == ir::ClauseKind::Decreases);
  CHECK(p.text(sum.contract[0].range) == "requires n >= 0;");
  CHECK(p.text(sum.nameRange) == "sum");

  const ir::Method &flag = p.prog->methods[1];
  CHECK(flag.returnType == ir::Type::Bool);
  CHECK_FALSE(flag.pure);
  CHECK_FALSE(flag.body);
  CHECK_FALSE(flag.pureBody);
  REQUIRE(flag.params.size() == 2);
  CHECK(flag.params[1].type == ir::Type::Frac);
  CHECK(p.text(flag.params[1].range) == "p");

  const ir::Method &first = p.prog->methods[2];
  REQUIRE(first.contract.size() == 3);
  CHECK(first.contract[0].kind == ir::ClauseKind::ContextEverywhere);
  CHECK(first.contract[1].kind == ir::ClauseKind::Context);
  CHECK(first.params.at(0).type == ir::Type::IntArray);
  REQUIRE(first.body);
  CHECK(first.body->size() == 1);
  CHECK(p.printed() == R"(requires (n >= 0);
decreases n;
pure int sum(int n) = ((n == 0) ? 0 : (n + sum((n - 1))));
bool flag(int x, frac p);
context_everywhere (a != null);
context Perm(a[0], write);
ensures (\result == a[0]);
int first(int[] a) {
  return a[0];
}
)");
  requireStableRoundTrip(p.sm.text(1).data());
}

TEST_CASE("pvl: class members are flattened into the program", "[pvl]") {
  Parse p(R"(
void top() {}
class A {
  void a1() {}
  requires x > 0;
  pure int a2(int x) = x;
}
class B { }
class C { int c(); }
)");
  REQUIRE(p.prog);
  REQUIRE(p.prog->methods.size() == 4);
  CHECK(p.prog->methods[0].name == "top");
  CHECK(p.prog->methods[1].name == "a1");
  CHECK(p.prog->methods[2].name == "a2");
  CHECK(p.prog->methods[2].contract.size() == 1);
  CHECK(p.prog->methods[3].name == "c");
}

TEST_CASE("pvl: statements round trip", "[pvl]") {
  const char *text = R"(void f(int n, int[] a) {
  int x = 0;
  ghost int g, h = 1;
  bool b;
  frac q = 1\2;
  x = n;
  a[x] = 3;
  x++;
  x--;
  x += 2;
  a[0] -= x;
  if (x > 0) x = 1; else { x = 2; }
  if (b) { }
  loop_invariant 0 <= x;
  loop_invariant x <= n;
  while (x < n) x = x + 1;
  while (false) { }
  { int y = x; }
  assert x == n;
  assume n > 0;
  f(n - 1, a);
  x = g2(x);
  return;
}
)";
  Parse p(text);
  REQUIRE(p.prog);
  CHECK(p.printed() == R"(void f(int n, int[] a) {
  int x = 0;
  ghost int g;
  ghost int h = 1;
  bool b;
  frac q = (1 \ 2);
  x = n;
  a[x] = 3;
  x = (x + 1);
  x = (x - 1);
  x = (x + 2);
  a[0] = (a[0] - x);
  if (x > 0) {
    x = 1;
  } else {
    x = 2;
  }
  if (b) {
  }
  loop_invariant (0 <= x);
  loop_invariant (x <= n);
  while (x < n) {
    x = (x + 1);
  }
  while (false) {
  }
  {
    int y = x;
  }
  assert (x == n);
  assume (n > 0);
  f((n - 1), a);
  x = g2(x);
  return;
}
)");
  requireStableRoundTrip(text);
}

TEST_CASE("pvl: statement kinds, call statements and ranges", "[pvl]") {
  Parse p("void f() {\n  x = g(1, 2);\n  g(3);\n  int y = g(4);\n  while (c) x = 1;\n}\n");
  REQUIRE(p.prog);
  const auto &body = *p.prog->methods[0].body;
  REQUIRE(body.size() == 4);
  // `x = g(...)` stays an Assign with a Call value; the type checker decides.
  CHECK(body[0]->kind == ir::StmtKind::Assign);
  CHECK(body[0]->value->kind == ir::ExprKind::Call);
  CHECK(p.text(body[0]->range) == "x = g(1, 2);");
  CHECK(body[1]->kind == ir::StmtKind::Call);
  CHECK(body[1]->name == "g");
  CHECK(body[1]->args.size() == 1);
  CHECK(p.text(body[1]->nameRange) == "g");
  CHECK(body[2]->kind == ir::StmtKind::VarDecl);
  CHECK(p.text(body[2]->range) == "int y = g(4)");
  CHECK(p.text(body[2]->nameRange) == "y");
  CHECK(body[3]->kind == ir::StmtKind::While);
  CHECK(body[3]->body.size() == 1);
}

TEST_CASE("pvl: par blocks and VerCors barriers", "[pvl]") {
  const char *text = R"(void f(int[] a, int n) {
  par fwd (int tid = 0 .. n, int j = 1 .. 2)
    requires Perm(a[tid], write);
    context n > 0;
    ensures Perm(a[tid], write);
  {
    a[tid] = 0;
    barrier(fwd) {
      requires Perm(a[tid], write);
      ensures Perm(a[tid], 1\2);
    }
    barrier(fwd);
  }
  par (int i = 0 .. n) a[i] = 1;
}
)";
  Parse p(text);
  REQUIRE(p.prog);
  const auto &body = *p.prog->methods[0].body;
  REQUIRE(body.size() == 2);
  const ir::Stmt &par = *body[0];
  CHECK(par.kind == ir::StmtKind::Par);
  CHECK(par.name == "fwd");
  REQUIRE(par.iters.size() == 2);
  CHECK(par.iters[0].name == "tid");
  CHECK(ir::toString(*par.iters[0].hi) == "n");
  CHECK(par.clauses.size() == 3);
  CHECK(par.clauses[1].kind == ir::ClauseKind::Context);
  REQUIRE(par.body.size() == 3);
  const ir::Stmt &barrier = *par.body[1];
  CHECK(barrier.kind == ir::StmtKind::Barrier);
  CHECK(barrier.name == "fwd");
  CHECK_FALSE(barrier.seedStyle);
  CHECK_FALSE(barrier.fencesGiven);
  CHECK(barrier.clauses.size() == 2);
  CHECK(par.body[2]->clauses.empty());
  CHECK(body[1]->name.empty());
  CHECK(body[1]->body.size() == 1);
  requireStableRoundTrip(text);
}

TEST_CASE("pvl: seed clause syntax", "[pvl][seed]") {
  CHECK(seedExpr("perm(a[tid],100) * b[tid] = (tid+1) mod gsize") ==
        "(Perm(a[tid], (100 \\ 100)) ** (b[tid] == ((tid + 1) % gsize)))");
  // A top-level `*` is the separating conjunction, weaker than everything else.
  CHECK(seedExpr("gsize > 1 * perm(bin[tid],100) * perm(tmp[tid],100)") ==
        "(((gsize > 1) ** Perm(bin[tid], (100 \\ 100))) ** Perm(tmp[tid], (100 \\ 100)))");
  CHECK(seedExpr("a ? b : c * d") == "((a ? b : c) ** d)");
  // Inside parentheses, brackets and argument lists `*` multiplies.
  CHECK(seedExpr("a[x * 2] = f(y * 3) * (z * 4) == 1") ==
        "((a[(x * 2)] == f((y * 3))) ** ((z * 4) == 1))");
  CHECK(seedExpr("0<tid & tid<=N -> x | y") == "(((0 < tid) && (tid <= N)) ==> (x || y))");
  CHECK(seedExpr("a == b && c ==> d ** e") == "(((a == b) && c) ==> (d ** e))");
  CHECK(seedExpr("Perm(a[tid], write) ** tid % 2 == 0") ==
        "(Perm(a[tid], write) ** ((tid % 2) == 0))");
}

TEST_CASE("pvl: seed kernel of Fig. 5.8 parses", "[pvl][seed]") {
  Parse p(kDemo);
  REQUIRE(p.prog);
  CHECK(p.diags.count() == 0);
  REQUIRE(p.prog->kernels.size() == 1);
  const ir::Kernel &k = p.prog->kernels[0];
  CHECK(k.name == "demo");
  REQUIRE(k.arrays.size() == 2);
  CHECK(k.arrays[0].space == ir::MemorySpace::Global);
  CHECK(k.arrays[1].name == "b");
  CHECK(ir::toString(*k.arrays[1].length) == "gsize");
  REQUIRE(k.contract.size() == 2);
  REQUIRE(k.body.size() == 3);
  CHECK(k.body[0]->kind == ir::StmtKind::Assign);
  const ir::Stmt &barrier = *k.body[1];
  CHECK(barrier.kind == ir::StmtKind::Barrier);
  CHECK(barrier.seedStyle);
  CHECK(barrier.fencesGiven);
  CHECK(barrier.fences.global);
  CHECK_FALSE(barrier.fences.local);
  CHECK(barrier.name.empty());
  CHECK(barrier.clauses.size() == 3);
  CHECK(p.at(k.mainRange) == "6:3");
  CHECK(p.printed() == R"(kernel demo {
  global int[gsize] a;
  global int[gsize] b;
  requires (Perm(a[tid], (100 \ 100)) ** Perm(b[tid], (100 \ 100)));
  ensures (Perm(b[tid], (100 \ 100)) ** (b[tid] == ((tid + 1) % gsize)));
  void main() {
    a[tid] = tid;
    barrier({global}) {
      requires (a[tid] == tid);
      ensures (Perm(a[((tid + 1) % gsize)], (10 \ 100)) ** Perm(b[tid], (100 \ 100)));
      ensures (a[((tid + 1) % gsize)] == ((tid + 1) % gsize));
    }
    b[tid] = a[((tid + 1) % gsize)];
  }
}
)");
  requireStableRoundTrip(kDemo);
}

TEST_CASE("pvl: seed kernel of Fig. 5.9 parses", "[pvl][seed]") {
  Parse p(kBinomial);
  REQUIRE(p.prog);
  CHECK(p.diags.count() == 0);
  const ir::Kernel &k = p.prog->kernels.at(0);
  REQUIRE(k.arrays.size() == 2);
  CHECK(k.arrays[1].space == ir::MemorySpace::Local);
  REQUIRE(k.body.size() == 4);
  CHECK(k.body[0]->kind == ir::StmtKind::VarDecl);
  CHECK_FALSE(k.body[0]->value);
  CHECK(ir::toString(*k.body[1]->value) == "1");
  const ir::Stmt &loop = *k.body[3];
  CHECK(loop.kind == ir::StmtKind::While);
  REQUIRE(loop.clauses.size() == 2);
  CHECK(loop.clauses[0].kind == ir::ClauseKind::LoopInvariant);
  CHECK(ir::toString(*loop.clauses[1].expr) ==
        "((tid < N) ? (bin[tid] == binom(N, tid)) : (bin[tid] == 1))");
  REQUIRE(loop.body.size() == 5);
  const ir::Stmt &b1 = *loop.body[1];
  CHECK(b1.kind == ir::StmtKind::Barrier);
  CHECK(b1.name == "1");
  CHECK(b1.fences.local);
  CHECK_FALSE(b1.fences.global);
  CHECK(ir::toString(*b1.clauses[1].expr) ==
        "(((0 < tid) && (tid <= N)) ==> (tmp[((tid - 1) % gsize)] == binom(N, (tid - 1))))");
  CHECK(ir::toString(*loop.body[2]->value) == "(N + 1)");
  requireStableRoundTrip(kBinomial);
}

TEST_CASE("pvl: seed barrier forms", "[pvl][seed]") {
  Parse p(R"(kernel k {
  requires kernel_requires_is_not_a_name > 0;
  kernel_requires true;
  kernel_ensures true;
  group_requires true;
  group_ensures true;
  context true;
  void main() {
    barrier(2,){}
    barrier(1,{local}) { requires true; }
    barrier(global) { }
    barrier({local, global});
    barrier(3, global);
    barrier(4);
    x := x * 2;
  }
})");
  REQUIRE(p.prog);
  const ir::Kernel &k = p.prog->kernels.at(0);
  REQUIRE(k.contract.size() == 6);
  CHECK(k.contract[1].kind == ir::ClauseKind::KernelRequires);
  CHECK(k.contract[2].kind == ir::ClauseKind::KernelEnsures);
  CHECK(k.contract[3].kind == ir::ClauseKind::GroupRequires);
  CHECK(k.contract[4].kind == ir::ClauseKind::GroupEnsures);
  CHECK(k.contract[5].kind == ir::ClauseKind::Context);
  REQUIRE(k.body.size() == 7);
  struct Want {
    const char *name;
    bool local, global;
  };
  Want want[] = {{"2", false, false}, {"1", true, false}, {"", false, true},
                 {"", true, true},    {"3", false, true}, {"4", false, false}};
  for (size_t i = 0; i < 6; ++i) {
    const ir::Stmt &b = *k.body[i];
    INFO(i);
    CHECK(b.kind == ir::StmtKind::Barrier);
    CHECK(b.seedStyle);
    CHECK(b.fencesGiven);
    CHECK(b.name == want[i].name);
    CHECK(b.fences.local == want[i].local);
    CHECK(b.fences.global == want[i].global);
  }
  CHECK(k.body[1]->clauses.size() == 1);
  // In statements `*` is multiplication even in seed mode.
  CHECK(ir::toString(*k.body[6]->value) == "(x * 2)");
}

TEST_CASE("pvl: seed syntax is only accepted inside kernels", "[pvl][seed]") {
  requireParseError("void f() { x := 1; }", "1:14", "expected '='");
  // `=` as equality is seed syntax: outside a kernel it is the slip for `==`.
  requireParseError("requires a = b;\nvoid f();", "1:12", "'=' is assignment; did you mean '=='?");
  requireParseError("requires a mod b;\nvoid f();", "1:12", "expected ';'");
}

TEST_CASE("pvl: parse errors point at the furthest position", "[pvl][errors]") {
  requireParseError("void f() {\n  int x = 1\n  int y = 2;\n}\n", "3:3", "expected ';'");
  requireParseError("void f() {\n  x = ;\n}\n", "2:7", "expected an expression");
  requireParseError("void f( {}", "1:9", "expected ')'");
  requireParseError("void f() { if x > 0) {} }", "1:15", "expected '('");
  requireParseError("requires (\\forall int i 0 < i; true);\nvoid f();", "1:25", "expected ';'");
  requireParseError("void f() { a[1 = 2; }", "1:16", "expected ']'");
  requireParseError("void f() { x; }", "1:13", "expected '='");
  requireParseError("int x y;", "1:7", "expected '('");
  requireParseError("}", "1:1", "expected a method, class or kernel declaration");
  requireParseError("void f() { requires x; }", "1:12", "'requires' clause is not allowed here");
  requireParseError("loop_invariant x;\nvoid f();", "1:1",
                    "'loop_invariant' clause is not allowed here");
  requireParseError("kernel k { void main() {} void main() {} }", "1:27",
                    "kernel 'k' has more than one main()");
}

TEST_CASE("pvl: truncated programs", "[pvl][errors]") {
  requireParseError("void f() { int x = 1; ", "1:23", "expected '}'");
  requireParseError("requires x > ", "1:14", "expected an expression");
  requireParseError("kernel k { global int[gsize] a", "1:31", "expected ';'");
  requireParseError("void f(", "1:8", "expected ')'");
  requireParseError("class C {", "1:10", "expected '}'");
}

TEST_CASE("pvl: lexical errors", "[pvl][errors]") {
  requireParseError("void f() { int x = 9223372036854775808; }", "1:20",
                    "integer literal is too large");
  requireParseError("void f() { /* never closed }", "1:12", "unterminated comment");
  requireParseError("void f() { x = 1 # 2; }", "1:18", "unexpected character '#'");
  requireParseError(std::string("void f(\0) {}", 12), "1:8", "unexpected byte 0x00");
  requireParseError("void f() { int \xc3\xa9 = 1; }", "1:16", "unexpected byte 0xC3");
}

TEST_CASE("pvl: sequence types and their errors", "[pvl][errors]") {
  // `seq<seq<int>>`: the lexer's `>>` closes both argument lists.
  Parse ok("seq<seq<int>> f(seq<int> s) { return [s, [t: int], seq<int>{1, 2}]; }\n");
  CHECK(ok.prog);
  CHECK(ok.diags.count() == 0);
  // A sequence of arrays is not modelled; a literal needs a sequence type.
  Parse p("void f() {\n  seq<int[]> a;\n}\n");
  REQUIRE(p.diags.count() == 1);
  CHECK(p.diag(0).code == DiagCode::Unsupported);
  CHECK(p.where(0) == "2:3");
  CHECK(p.diag(0).message == "type 'seq<int[]>' is not supported");
  Parse q("void f() {\n  seq<int> s = int{1};\n}\n");
  CHECK_FALSE(q.prog);
  REQUIRE(q.diags.count() >= 1);
  CHECK(q.where(0) == "2:16");
}

TEST_CASE("pvl: unsupported types and fields", "[pvl][errors]") {
  Parse p("set<int> f(int x) {\n  bool[] b;\n  int[][][] c;\n}\n");
  CHECK_FALSE(p.prog);
  REQUIRE(p.diags.count() == 3);
  CHECK(p.diag(0).code == DiagCode::Unsupported);
  CHECK(p.where(0) == "1:1");
  CHECK(p.diag(0).message == "type 'set<int>' is not supported");
  CHECK(p.where(1) == "2:3");
  CHECK(p.diag(1).message == "type 'bool[]' is not supported");
  CHECK(p.diag(2).message == "type 'int[][][]' is not supported");

  Parse q("class C {\n  bool f;\n  map<int, bool> g() { }\n}");
  CHECK_FALSE(q.prog);
  REQUIRE(q.diags.count() == 2);
  CHECK(q.diag(0).code == DiagCode::Unsupported);
  CHECK(q.where(0) == "2:3");
  CHECK(q.diag(1).message == "type 'map<int,bool>' is not supported");
  CHECK(q.where(1) == "3:3");
}

TEST_CASE("pvl: robust against garbage bytes", "[pvl][robust]") {
  std::string garbage;
  for (int i = 0; i < 4096; ++i)
    garbage += static_cast<char>((i * 7919 + 13) % 256);
  Parse p(garbage);
  CHECK_FALSE(p.prog);
  REQUIRE(p.diags.count() == 1);
  CHECK(p.diag().code == DiagCode::Parse);

  Parse q(std::string("\0\0\0", 3));
  CHECK_FALSE(q.prog);
  REQUIRE(q.diags.count() == 1);
  CHECK(q.diag().code == DiagCode::Parse);
}

TEST_CASE("pvl: every prefix of a program fails cleanly or parses", "[pvl][robust]") {
  std::string text = std::string(kBinomial) + "pure int binom(int n, int k) = 1;\n";
  for (size_t n = 0; n < text.size(); n += 3) {
    Parse p(text.substr(0, n));
    INFO(n);
    if (!p.prog) {
      REQUIRE(p.diags.count() == 1);
      CHECK(p.diag().code == DiagCode::Parse);
    }
  }
}

TEST_CASE("pvl: deep nesting is an error, not a crash", "[pvl][robust]") {
  auto nested = [](int depth) {
    return "void f() { int x = " + std::string(depth, '(') + "1" + std::string(depth, ')') + "; }";
  };
  {
    Parse p(nested(999));
    CHECK(p.prog);
  }
  {
    Parse p(nested(10000));
    CHECK_FALSE(p.prog);
    REQUIRE(p.diags.count() == 1);
    CHECK(p.diag().code == DiagCode::Parse);
    CHECK(p.diag().message == "expression nested too deeply");
  }
  {
    Parse p("void f() { bool b = " + std::string(10000, '!') + "true; }");
    CHECK_FALSE(p.prog);
    REQUIRE(p.diags.count() == 1);
    CHECK(p.diag().message == "expression nested too deeply");
  }
  {
    std::string sum = "1";
    for (int i = 0; i < 5000; ++i)
      sum += " + 1";
    Parse p("void f() { int x = " + sum + "; }");
    CHECK_FALSE(p.prog);
    REQUIRE(p.diags.count() == 1);
    CHECK(p.diag().message == "expression nested too deeply");
  }
  {
    Parse p("void f() " + std::string(10000, '{') + std::string(10000, '}'));
    CHECK_FALSE(p.prog);
    REQUIRE(p.diags.count() == 1);
    CHECK(p.diag().message == "statements nested too deeply");
  }
  {
    std::string ifs;
    for (int i = 0; i < 10000; ++i)
      ifs += "if (true) ";
    Parse p("void f() { " + ifs + "x = 1; }");
    CHECK_FALSE(p.prog);
    REQUIRE(p.diags.count() == 1);
    CHECK(p.diag().code == DiagCode::Parse);
  }
}

TEST_CASE("pvl: a 10,000-line program parses quickly", "[pvl][robust]") {
  std::string text;
  for (int i = 0; i < 2500; ++i) {
    std::string n = std::to_string(i);
    text += "requires n" + n + " > 0;\nensures \\result >= 0;\nint f" + n + "(int n" + n +
            ") {\n  int x = n" + n + " * 2 + (3 - 1) % 7; return x; }\n";
  }
  auto start = std::chrono::steady_clock::now();
  Parse p(text);
  auto elapsed = std::chrono::steady_clock::now() - start;
  REQUIRE(p.prog);
  CHECK(p.prog->methods.size() == 2500);
  CHECK(p.sm.lineCol(p.prog->methods.back().range.begin).line == 9997);
  // Well under a second in a release build; generous for debug and sanitizer builds.
  CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count() < 3000);
}

TEST_CASE("pvl: a one-megabyte identifier", "[pvl][robust]") {
  std::string name(1 << 20, 'a');
  Parse p("int " + name + "(int x) = x;");
  REQUIRE(p.prog);
  CHECK(p.prog->methods.at(0).name.size() == name.size());
}

TEST_CASE("pvl: VerCors constructs kprove does not model are unsupported", "[pvl][errors]") {
  auto requireUnsupported = [](const std::string &text, const std::string &where,
                               const std::string &message) {
    Parse p(text);
    INFO(text);
    CHECK_FALSE(p.prog);
    REQUIRE(p.diags.count() == 1);
    CHECK(p.diag().code == DiagCode::Unsupported);
    CHECK(p.where() == where);
    CHECK(p.diag().message == message);
  };
  requireUnsupported("void f() {\n  witness x;\n}", "2:3",
                     "'witness' statements are not supported");
  requireUnsupported("void f(int[] a) {\n  lock a;\n}", "2:3",
                     "'lock' statements are not supported");
  requireUnsupported("requires \\values(a, 0, 2) == \\values(a, 0, 2);\nvoid f(int[] a);", "1:10",
                     "'\\values' is not supported");
  requireUnsupported("void f() {\n  int[] a = new int[3][2];\n}", "2:13",
                     "'new' (allocation) is not supported");
  // The words are only reserved as statement starts: assignments still work.
  Parse ok("void f(int join, int new) {\n  join = new + 1;\n  join++;\n}");
  CHECK(ok.prog);
}
