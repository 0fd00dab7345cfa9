// Helpers for the PVL grammar's semantic actions (declared in pvl_x3.h and
// pvl_grammar.h): expression depth accounting, deferred `unsupported` diagnostics,
// IR node construction. Plain functions, kept out of the X3 files so that they are
// compiled once rather than in every grammar translation unit.
#include "lang/pvl/pvl_grammar.h"

#include <algorithm>
#include <memory>

namespace kprove::lang::pvl {
namespace {

int depthOf(const ParseState &st, const ExprPtr &e) {
  auto it = st.depth.find(e.get());
  return it == st.depth.end() ? 1 : it->second.second;
}

} // namespace

void noteDepth(ParseState &st, const ExprPtr &e) {
  int d = 0;
  for (const ExprPtr &a : e->args)
    d = std::max(d, depthOf(st, a));
  if (d + 1 > kMaxExprDepth)
    throw ParseAbort{e->range, "expression nested too deeply"};
  st.depth.emplace(e.get(), std::pair{e, d + 1});
}

void unsupported(ParseState &st, SourceRange r, std::string msg) {
  st.deferred.push_back({DiagCode::Unsupported, r, std::move(msg), {}});
}

ExprPtr newExpr(ExprKind kind, SourceRange r) {
  auto e = std::make_shared<ir::Expr>();
  e->kind = kind;
  e->range = r;
  return e;
}

StmtPtr newStmt(StmtKind kind, SourceRange r) {
  auto s = std::make_shared<Stmt>();
  s->kind = kind;
  s->range = r;
  return s;
}

bool checkType(ParseState &st, const TypeSpec &t) {
  if (t.type != Type::Unknown)
    return true;
  unsupported(st, t.range, "type '" + t.text + "' is not supported");
  return false;
}

std::string typeText(It b, It e) {
  std::string out;
  for (It i = b; i != e; ++i) {
    if (!out.empty() && isIdentChar(out.back()) && !i->text.empty() && isIdentChar(i->text[0]))
      out += ' ';
    out += i->text;
  }
  return out;
}

ClauseKind clauseKindOf(Tok t) {
  switch (t) {
  case Tok::KwEnsures:
    return ClauseKind::Ensures;
  case Tok::KwContext:
    return ClauseKind::Context;
  case Tok::KwContextEverywhere:
    return ClauseKind::ContextEverywhere;
  case Tok::KwLoopInvariant:
  case Tok::KwInvariant:
    return ClauseKind::LoopInvariant;
  case Tok::KwDecreases:
    return ClauseKind::Decreases;
  case Tok::KwKernelRequires:
    return ClauseKind::KernelRequires;
  case Tok::KwKernelEnsures:
    return ClauseKind::KernelEnsures;
  case Tok::KwGroupRequires:
    return ClauseKind::GroupRequires;
  case Tok::KwGroupEnsures:
    return ClauseKind::GroupEnsures;
  default:
    return ClauseKind::Requires;
  }
}

namespace {
void freeVars(const ir::Expr &e, std::vector<std::string> &out) {
  if (e.kind == ExprKind::Var)
    out.push_back(e.name);
  for (const ExprPtr &a : e.args)
    if (a)
      freeVars(*a, out);
}

ExprPtr substitute(const std::string &name, const ExprPtr &value,
                   const std::vector<std::string> &valueVars, const ExprPtr &e,
                   SourceRange nameRange) {
  if (!e)
    return e;
  if (e->kind == ExprKind::Var && e->name == name)
    return cloneExpr(value);
  auto binds = [&](const std::string &n) {
    return std::any_of(e->binders.begin(), e->binders.end(),
                       [&](const ir::Binder &b) { return b.name == n; });
  };
  if (binds(name))
    return e; // shadowed
  // `\let y = a[0]; \old(y)` is a[0] now, not \old(a[0]): the value is taken where
  // the \let is, and a substitution under \old would move it to the old state.
  if (e->kind == ExprKind::Old) {
    std::vector<std::string> inside;
    freeVars(*e, inside);
    if (std::find(inside.begin(), inside.end(), name) != inside.end())
      throw ParseAbort{nameRange,
                       "'" + name +
                           "' used inside \\old: a \\let variable or predicate "
                           "parameter there is not supported (its value is taken outside \\old)",
                       DiagCode::Unsupported};
  }
  std::vector<ExprPtr> args;
  bool changed = false;
  for (const ExprPtr &a : e->args) {
    args.push_back(substitute(name, value, valueVars, a, nameRange));
    changed = changed || args.back() != a;
  }
  if (!changed)
    return e;
  for (const std::string &v : valueVars)
    if (binds(v))
      throw ParseAbort{nameRange,
                       "\\let variable '" + name + "' used under a quantifier that binds '" + v +
                           "', which its value reads, is not supported",
                       DiagCode::Unsupported};
  auto c = std::make_shared<ir::Expr>(*e);
  c->args = std::move(args);
  return c;
}

void addEverywhere(std::vector<StmtPtr> &body, const std::vector<const Clause *> &everywhere) {
  for (StmtPtr &s : body) {
    ClauseKind kind = s->kind == StmtKind::While     ? ClauseKind::LoopInvariant
                      : s->kind == StmtKind::Barrier ? ClauseKind::Context
                                                     : ClauseKind::Requires;
    // In front (as VerCors): the statement's own clauses may read what they frame.
    if (s->kind == StmtKind::While || s->kind == StmtKind::Barrier) {
      std::vector<Clause> front;
      for (const Clause *c : everywhere)
        front.push_back(Clause{kind, cloneExpr(c->expr), c->range});
      s->clauses.insert(s->clauses.begin(), front.begin(), front.end());
    }
    if (s->kind != StmtKind::Par && s->kind != StmtKind::Parallel &&
        s->kind != StmtKind::Sequential) {
      addEverywhere(s->body, everywhere);
      addEverywhere(s->elseBody, everywhere);
    }
  }
}
} // namespace

namespace {
size_t nodeCount(const ExprPtr &e) {
  size_t n = 1;
  for (const ExprPtr &a : e->args)
    if (a)
      n += nodeCount(a);
  return n;
}
size_t occurrences(const std::string &name, const ExprPtr &e) {
  size_t n = e->kind == ExprKind::Var && e->name == name ? 1 : 0;
  for (const ExprPtr &a : e->args)
    if (a)
      n += occurrences(name, a);
  return n;
}
} // namespace

ExprPtr substituteLet(const std::string &name, const ExprPtr &value, const ExprPtr &body,
                      SourceRange nameRange) {
  // Each use is a copy of the value, so nested \let can double the expression at each
  // level: past a budget of nodes, stop with an input error before memory runs out.
  constexpr size_t kMaxLetNodes = 1'000'000;
  const size_t uses = occurrences(name, body), valueSize = nodeCount(value);
  if (uses > 0 && nodeCount(body) + uses * valueSize > kMaxLetNodes)
    throw ParseAbort{nameRange,
                     "unsupported: this \\let expands to more than " +
                         std::to_string(kMaxLetNodes) +
                         " expression nodes (each use of '" + name +
                         "' is a copy of its value); use a pure function instead",
                     DiagCode::Unsupported};
  std::vector<std::string> valueVars;
  freeVars(*value, valueVars);
  return substitute(name, value, valueVars, body, nameRange);
}

void propagateContextEverywhere(Stmt &par) {
  std::vector<const Clause *> everywhere;
  for (const Clause &c : par.clauses)
    if (c.kind == ClauseKind::ContextEverywhere)
      everywhere.push_back(&c);
  if (!everywhere.empty())
    addEverywhere(par.body, everywhere);
}

std::vector<StmtPtr> bodyOf(std::vector<StmtPtr> stmts) {
  if (stmts.size() == 1 && stmts[0]->kind == StmtKind::Block)
    return std::move(stmts[0]->body);
  return stmts;
}

} // namespace kprove::lang::pvl
