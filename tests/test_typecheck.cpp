// Type checker: name resolution, typing rules, where permissions may appear, the
// call-statement rewrite, and error positions.
#include "lang/pvl/pvl_parser.h"
#include "lang/typecheck.h"

#include "seed_figures.h"

#include <catch2/catch.hpp>

#include <functional>
#include <string>

using namespace kprove;
using kprove::testing::kBinomFunction;
using kprove::testing::kBinomial;
using kprove::testing::kDemo;

namespace {

// Parses (which must succeed) and type checks `text`.
struct Checked {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::optional<ir::Program> prog;
  bool ok = false;

  explicit Checked(std::string text) {
    uint32_t file = sm.addFile("test.pvl", std::move(text));
    prog = lang::parsePvl(sm, file, diags);
    INFO(diags.count());
    REQUIRE(prog);
    ok = lang::typecheck(*prog, diags);
  }

  const Diagnostic &diag(size_t i = 0) const { return diags.diagnostics().at(i); }
  std::string where(size_t i = 0) const {
    LineCol lc = sm.lineCol(diag(i).range.begin);
    return std::to_string(lc.line) + ":" + std::to_string(lc.col);
  }
  std::string messages() const {
    std::string out;
    for (const Diagnostic &d : diags.diagnostics())
      out += std::string(diagCodeName(d.code)) + " " + where(&d - &diags.diagnostics()[0]) + ": " +
             d.message + "\n";
    return out;
  }
};

void requireOk(const std::string &text) {
  Checked c(text);
  INFO(text);
  INFO(c.messages());
  CHECK(c.ok);
  CHECK(c.diags.count() == 0);
}

// Exactly one error with the given code, position and message.
void requireError(const std::string &text, DiagCode code, const std::string &where,
                  const std::string &message) {
  Checked c(text);
  INFO(text);
  INFO(c.messages());
  CHECK_FALSE(c.ok);
  REQUIRE(c.diags.count() == 1);
  CHECK(c.diag().code == code);
  CHECK(c.where() == where);
  CHECK(c.diag().message == message);
}

void forEachExpr(const ir::ExprPtr &e, const std::function<void(const ir::Expr &)> &f) {
  if (!e)
    return;
  f(*e);
  for (const ir::ExprPtr &a : e->args)
    forEachExpr(a, f);
}

void forEachExpr(const std::vector<ir::StmtPtr> &body,
                 const std::function<void(const ir::Expr &)> &f) {
  for (const ir::StmtPtr &s : body) {
    for (const ir::ExprPtr &e : {s->target, s->value, s->cond})
      forEachExpr(e, f);
    for (const ir::ExprPtr &e : s->args)
      forEachExpr(e, f);
    for (const ir::Clause &c : s->clauses)
      forEachExpr(c.expr, f);
    for (const ir::ParIter &it : s->iters) {
      forEachExpr(it.lo, f);
      forEachExpr(it.hi, f);
    }
    forEachExpr(s->body, f);
    forEachExpr(s->elseBody, f);
  }
}

void forEachExpr(const ir::Program &p, const std::function<void(const ir::Expr &)> &f) {
  for (const ir::Method &m : p.methods) {
    for (const ir::Clause &c : m.contract)
      forEachExpr(c.expr, f);
    forEachExpr(m.pureBody, f);
    if (m.body)
      forEachExpr(*m.body, f);
  }
  for (const ir::Kernel &k : p.kernels) {
    for (const ir::KernelArray &a : k.arrays)
      forEachExpr(a.length, f);
    for (const ir::Clause &c : k.contract)
      forEachExpr(c.expr, f);
    forEachExpr(k.body, f);
  }
}

// Checks that `text` type checks and that every expression got a type.
void requireFullyTyped(const std::string &text) {
  Checked c(text);
  INFO(c.messages());
  REQUIRE(c.ok);
  size_t count = 0;
  forEachExpr(*c.prog, [&](const ir::Expr &e) {
    ++count;
    INFO(ir::toString(e));
    CHECK(e.type != ir::Type::Unknown);
  });
  CHECK(count > 0);
}

// The type of the first clause of the only method, `requires E; void f(PARAMS);`.
ir::Type typeOf(const std::string &e, const std::string &params = "int x, int y, frac p, "
                                                                  "bool b, int[] a") {
  Checked c("requires " + e + ";\nvoid f(" + params + ");");
  INFO(e);
  INFO(c.messages());
  REQUIRE(c.ok);
  return c.prog->methods.at(0).contract.at(0).expr->type;
}

const char *const kVectorAdd = R"(
context_everywhere a != null && b != null && c != null;
context_everywhere a.length == c.length && b.length == c.length;
context (\forall* int i; 0 <= i && i < c.length; Perm(a[i], 1\2));
context (\forall* int i = 0 .. c.length; Perm(b[i], 1\2));
context (\forall* int i; 0 <= i && i < c.length; Perm(c[i], write));
ensures (\forall int i; 0 <= i && i < c.length; c[i] == a[i] + b[i]);
void add(int[] a, int[] b, int[] c) {
  par vadd (int tid = 0 .. c.length)
    context Perm(a[tid], 1\2) ** Perm(b[tid], 1\2) ** Perm(c[tid], write);
    ensures c[tid] == a[tid] + b[tid];
  {
    c[tid] = a[tid] + b[tid];
    barrier(vadd) { requires true; ensures PointsTo(c[tid], write, a[tid] + b[tid]); }
  }
}

requires n >= 0;
ensures \result >= 0;
ensures \result == \old(n) * 2;
int twice(int n) {
  int r = 0;
  int i = 0;
  loop_invariant 0 <= i && i <= n && r == 2 * i;
  while (i < n) { r += 2; i++; }
  assert r == 2 * n;
  return r;
}

requires k >= 0;
decreases k;
ensures \result ==> k == 0;
pure bool isZero(int k) = k == 0;

void caller() {
  int x = twice(3);
  x = twice(x);
  twice(1);
  bool z = isZero(x) && x / 2 % 3 == 1;
  frac f = 1;
  f = f * 2 + 1\3 - write;
  if (f >= read) { assume x > 0; }
}
)";

} // namespace

TEST_CASE("typecheck: the seed kernels of Fig. 5.8 and 5.9", "[typecheck][seed]") {
  requireFullyTyped(kDemo);
  requireFullyTyped(std::string(kBinomFunction) + kBinomial);
  Checked c(kDemo);
  const ir::Kernel &k = c.prog->kernels.at(0);
  CHECK(k.contract[0].expr->type == ir::Type::Resource);
  const ir::Expr &eq = *k.contract[1].expr->args[1];
  CHECK(eq.type == ir::Type::Bool);
  CHECK(eq.args[0]->type == ir::Type::Int);               // b[tid]
  CHECK(eq.args[0]->args[0]->type == ir::Type::IntArray); // b
}

TEST_CASE("typecheck: PVL methods, functions, par and barriers", "[typecheck]") {
  requireFullyTyped(kVectorAdd);
}

TEST_CASE("typecheck: method calls as whole right-hand sides become call statements",
          "[typecheck]") {
  Checked c(kVectorAdd);
  REQUIRE(c.ok);
  const auto &body = *c.prog->methods.at(3).body;
  REQUIRE(body.size() >= 4);
  // int x = twice(3);  =>  int x;  x = twice(3);
  CHECK(body[0]->kind == ir::StmtKind::VarDecl);
  CHECK_FALSE(body[0]->value);
  CHECK(body[1]->kind == ir::StmtKind::Call);
  CHECK(body[1]->name == "twice");
  REQUIRE(body[1]->target);
  CHECK(body[1]->target->name == "x");
  CHECK(body[1]->target->type == ir::Type::Int);
  // x = twice(x);
  CHECK(body[2]->kind == ir::StmtKind::Call);
  CHECK(body[2]->target->name == "x");
  CHECK(body[2]->args.size() == 1);
  CHECK_FALSE(body[2]->value);
  // twice(1);
  CHECK(body[3]->kind == ir::StmtKind::Call);
  CHECK_FALSE(body[3]->target);
  // A pure function call stays an expression.
  CHECK(body[4]->kind == ir::StmtKind::VarDecl);
  CHECK(body[4]->value->kind == ir::ExprKind::Binary);
}

TEST_CASE("typecheck: expression types", "[typecheck]") {
  using ir::Type;
  CHECK(typeOf("x + y > 0") == Type::Bool);
  CHECK(typeOf("x + p >= 1") == Type::Bool);
  CHECK(typeOf("x * p == p") == Type::Bool);
  CHECK(typeOf("1\\2 < p") == Type::Bool);
  CHECK(typeOf("-p < p\\x") == Type::Bool);
  CHECK(typeOf("a == null && a.length > 0") == Type::Bool);
  CHECK(typeOf("(b ? x : p) == p") == Type::Bool);
  CHECK(typeOf("Perm(a[x], write)") == Type::Resource);
  CHECK(typeOf("Perm(a[x], 1)") == Type::Resource);
  CHECK(typeOf("PointsTo(a[x], p, y + 1)") == Type::Resource);
  CHECK(typeOf("b ==> Perm(a[x], read)") == Type::Resource);
  CHECK(typeOf("b && Perm(a[x], read)") == Type::Resource);
  CHECK(typeOf("b ** b") == Type::Resource);
  CHECK(typeOf("b ? Perm(a[x], read) : true") == Type::Resource);
  CHECK(typeOf("(\\forall* int i; 0 <= i && i < x; Perm(a[i], read))") == Type::Resource);
  CHECK(typeOf("(\\forall* int i; 0 <= i; a[i] > 0)") == Type::Resource);
  CHECK(typeOf("(\\forall int i, bool c; c; a[i] > i)") == Type::Bool);
  CHECK(typeOf("(\\exists int i; a[i] == x)") == Type::Bool);
  CHECK(typeOf("!(x / y % 2 == 0) || b") == Type::Bool);
}

TEST_CASE("typecheck: unknown identifiers", "[typecheck][errors]") {
  requireError("void f(int x) {\n  x = y + 1;\n}", DiagCode::Type, "2:7", "unknown identifier 'y'");
  requireError("requires (\\forall int i; i > 0; a[i] > 0);\nvoid f();", DiagCode::Type, "1:33",
               "unknown identifier 'a'");
  requireError("void f() {\n  { int x = 1; }\n  x = 2;\n}", DiagCode::Type, "3:3",
               "unknown identifier 'x'");
  requireError("void f() {\n  g(1);\n}", DiagCode::Type, "2:3", "unknown method 'g'");
  requireError("requires h(1) > 0;\nvoid f();", DiagCode::Type, "1:10", "unknown function 'h'");
}

TEST_CASE("typecheck: permissions in an if condition", "[typecheck][errors]") {
  requireError("void f(int[] a) {\n  if (Perm(a[0], write)) { }\n}", DiagCode::Type, "2:7",
               "permission expressions are only allowed in specifications");
  requireError("void f(int[] a, bool b) {\n  while (b && PointsTo(a[0], 1, 2)) { }\n}",
               DiagCode::Type, "2:15", "permission expressions are only allowed in specifications");
  requireError("void f(int[] a) {\n  assume Perm(a[0], write);\n}", DiagCode::Type, "2:10",
               "permission expressions are only allowed in specifications");
  requireError("pure bool g(int[] a) = Perm(a[0], read);", DiagCode::Type, "1:24",
               "permission expressions are only allowed in specifications");
  requireError("requires Perm(a[0], read) || true;\nvoid f(int[] a);", DiagCode::Type, "1:10",
               "permission expressions may only appear as conjuncts, implication "
               "conclusions, conditional branches or \\forall* bodies");
  requireError("requires Perm(a[0], read) ==> true;\nvoid f(int[] a);", DiagCode::Type, "1:10",
               "permission expressions may only appear as conjuncts, implication "
               "conclusions, conditional branches or \\forall* bodies");
  // The slip for \forall* (issue 13): said as such.
  requireError("requires (\\forall int i; true; Perm(a[i], read));\nvoid f(int[] a);",
               DiagCode::Type, "1:32",
               "a \\forall body cannot hold permissions: use \\forall* for a quantified "
               "permission");
  requireOk("void f(int[] a) {\n  assert Perm(a[0], write) ** a[0] == 1;\n}");
}

TEST_CASE("typecheck: calls: arity, argument types and purity", "[typecheck][errors]") {
  const std::string g = "pure int g(int a, int b) = a + b;\nvoid m(int a) { }\n";
  requireError(g + "void f() {\n  int x = g(1);\n}", DiagCode::Type, "4:11",
               "'g' expects 2 arguments, found 1");
  requireError(g + "void f() {\n  m(1, 2);\n}", DiagCode::Type, "4:3",
               "'m' expects 1 argument, found 2");
  requireError(g + "void f() {\n  int x = g(1, true);\n}", DiagCode::Type, "4:16",
               "argument 2 of 'g' has type bool, expected int");
  requireError(g + "int h(int a) { return a; }\nvoid f() {\n  int x = h(1) + 1;\n}", DiagCode::Type,
               "5:11", "method 'h' is not pure");
  requireError(g + "requires m(1) == 0;\nvoid f();", DiagCode::Type, "3:10",
               "method 'm' is not pure");
  requireError(g + "void f() {\n  int x = m(1);\n}", DiagCode::Type, "4:11",
               "method 'm' returns no value");
  requireError(g + "void f() {\n  g(1, 2);\n}", DiagCode::Type, "4:3",
               "result of pure function 'g' is unused");
  requireError(g + "void f() {\n  bool x = g(1, 2);\n}", DiagCode::Type, "4:12",
               "cannot initialise bool variable 'x' with int");
}

TEST_CASE("typecheck: scopes and redeclarations", "[typecheck][errors]") {
  requireError("void f(int x) {\n  int x = 1;\n}", DiagCode::Type, "2:7", "redeclaration of 'x'");
  requireError("void f(int x, bool x);", DiagCode::Type, "1:20", "redeclaration of 'x'");
  requireError("void f() {\n  int y;\n  bool y;\n}", DiagCode::Type, "3:8", "redeclaration of 'y'");
  requireError("void f() { }\nint f(int x) = x;", DiagCode::Type, "2:5",
               "redeclaration of method 'f'");
  requireOk(
      "void f(int x) {\n  { int y = x; }\n  { bool y = true; }\n  if (x > 0) { int x2 = x; }\n}");
  requireOk("requires (\\forall int x; true; x == x) && x > 0;\nvoid f(int x);");
}

TEST_CASE("typecheck: \\result and \\old", "[typecheck][errors]") {
  requireOk("ensures \\result == x;\nint f(int x) { return x; }");
  requireOk("ensures \\result ==> x > 0;\npure bool f(int x) = x > 0;");
  requireError("requires \\result == x;\nint f(int x);", DiagCode::Type, "1:10",
               "\\result is only allowed in postconditions of methods and functions that "
               "return a value");
  requireError("ensures \\result == 1;\nvoid f();", DiagCode::Type, "1:9",
               "\\result is only allowed in postconditions of methods and functions that "
               "return a value");
  requireError("void f(int x) {\n  x = \\old(x);\n}", DiagCode::Type, "2:7",
               "\\old is only allowed in postconditions, loop invariants and assertions");
  requireOk("ensures x == \\old(x);\nvoid f(int x);");
  Checked c("ensures \\result == x;\nint f(int x);");
  CHECK(c.prog->methods[0].contract[0].expr->args[0]->type == ir::Type::Int);
}

TEST_CASE("typecheck: statements", "[typecheck][errors]") {
  requireError("void f(int x) {\n  if (x) { }\n}", DiagCode::Type, "2:7",
               "condition must be bool, found int");
  requireError("void f(int x) {\n  x = true;\n}", DiagCode::Type, "2:7",
               "cannot assign bool to int target");
  requireError("int f() {\n  return;\n}", DiagCode::Type, "2:3",
               "missing return value of type int");
  requireError("void f() {\n  return 1;\n}", DiagCode::Type, "2:10",
               "a void method cannot return a value");
  requireError("bool f() {\n  return 1;\n}", DiagCode::Type, "2:10",
               "cannot return int from a method returning bool");
  requireError("void f(int x, frac p) {\n  p = x;\n}", DiagCode::Type, "2:7",
               "cannot assign int to frac target");
  requireOk("void f(frac p) {\n  p = 1;\n  p = 1\\2;\n}");
  requireError("void f(int[] a) {\n  a[true] = 1;\n}", DiagCode::Type, "2:5",
               "array index must be int, found bool");
  requireError("void f(int a) {\n  a[0] = 1;\n}", DiagCode::Type, "2:3",
               "only array variables can be indexed");
  requireError("requires Perm(x, write);\nvoid f(int x);", DiagCode::Type, "1:15",
               "Perm location must be an array element such as a[i]");
  requireError("requires PointsTo(a[0], write, true);\nvoid f(int[] a);", DiagCode::Type, "1:32",
               "PointsTo value must be int, found bool");
  requireError("requires x;\nvoid f(int x);", DiagCode::Type, "1:10",
               "specification must be a boolean or resource, found int");
  requireError("requires x + true > 0;\nvoid f(int x);", DiagCode::Type, "1:10",
               "operator '+' expects int or frac operands, found int and bool");
  requireError("requires (x > 0 ? 1 : true) == 1;\nvoid f(int x);", DiagCode::Type, "1:11",
               "branches of '?:' have different types int and bool");
  requireError("requires p % 2 == 0;\nvoid f(frac p);", DiagCode::Type, "1:10",
               "operator '%' expects int operands, found frac and int");
}

TEST_CASE("typecheck: par blocks and barriers", "[typecheck][errors]") {
  requireError("void f(int[] a) {\n  par p (int i = 0 .. 4) {\n    i = 1;\n  }\n}", DiagCode::Type,
               "3:5", "cannot assign to par iteration variable 'i'");
  requireError("void f(int[] a) {\n  barrier(p);\n}", DiagCode::Type, "2:3",
               "a barrier must be inside a par block");
  requireError("void f() {\n  par p (int i = 0 .. 4) {\n    barrier(q) { }\n  }\n}", DiagCode::Type,
               "3:13", "barrier 'q' does not name the enclosing par block 'p'");
  requireError("void f() {\n  par p (int i = 0 .. true) { }\n}", DiagCode::Type, "2:23",
               "par bound must be int, found bool");
  requireError("int f() {\n  par (int i = 0 .. 4) { return 1; }\n}", DiagCode::Type, "2:26",
               "return inside a par block");
  requireOk(
      "void f() {\n  par p (int i = 0 .. 4) {\n    if (i > 0) { barrier(p); }\n    "
      "barrier(p) { requires true; }\n    barrier();\n  }\n  par (int i = 0 .. 2) { barrier() { "
      "ensures true; } }\n}");
}

TEST_CASE("typecheck: kernel names", "[typecheck][errors]") {
  requireError("kernel k {\n  void main() {\n    tid := 1;\n  }\n}", DiagCode::Type, "3:5",
               "cannot assign to reserved kernel name 'tid'");
  requireError("kernel k {\n  void main() {\n    int gsize;\n  }\n}", DiagCode::Type, "3:9",
               "'gsize' is a reserved name in kernels");
  requireError("kernel k {\n  global int[gsize] a, a;\n  void main() { }\n}", DiagCode::Type,
               "2:24", "redeclaration of 'a'");
  requireError("kernel k {\n  global int[gsize] a;\n  void main() { a := null; }\n}",
               DiagCode::Type, "3:17", "cannot assign to kernel array 'a'");
  requireError("kernel k {\n  requires true;\n}", DiagCode::Type, "1:8",
               "kernel 'k' has no main()");
  requireOk("kernel k {\n  global int[gsize * 2] a;\n  local int[gsize] b;\n  requires "
            "perm(a[tid], 100) * tid < (gsize * 2);\n  void main() {\n    int x := gid + lid + "
            "tcount;\n    b[tid] := a[tid] * x;\n  }\n}");
}

TEST_CASE("typecheck: unsupported assignment of a call result to an array element",
          "[typecheck][errors]") {
  requireError("int m() { return 1; }\nvoid f(int[] a) {\n  a[0] = m();\n}", DiagCode::Unsupported,
               "3:3", "the result of a method call must be assigned to a local variable");
}
