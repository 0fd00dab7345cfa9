#include "vcgen/lockstep.h"

#include <algorithm>

namespace kprove::vcgen {
namespace {

void declaredIn(const std::vector<ir::StmtPtr> &body, std::set<std::string> &out) {
  for (const ir::StmtPtr &s : body) {
    if (s->kind == ir::StmtKind::VarDecl)
      out.insert(s->name);
    declaredIn(s->body, out);
    declaredIn(s->elseBody, out);
  }
}

bool isUniform(const ir::Expr &e, const std::set<std::string> &uniform,
               std::set<std::string> &bound) {
  switch (e.kind) {
  case ir::ExprKind::Index: // memory may differ between reads of different threads
  case ir::ExprKind::Old:
  case ir::ExprKind::Result:
    return false;
  case ir::ExprKind::Var:
    return uniform.count(e.name) || bound.count(e.name);
  default:
    break;
  }
  std::vector<std::string> added;
  for (const ir::Binder &b : e.binders)
    if (bound.insert(b.name).second)
      added.push_back(b.name);
  bool ok = true;
  for (const ir::ExprPtr &a : e.args)
    ok = ok && isUniform(*a, uniform, bound);
  for (const std::string &n : added)
    bound.erase(n);
  return ok;
}

bool isUniform(const ir::Expr &e, const std::set<std::string> &uniform) {
  std::set<std::string> bound;
  return isUniform(e, uniform, bound);
}

// One pass: demotes variables assigned non-uniform values or under non-uniform
// conditions. Returns true when something changed.
bool demote(const std::vector<ir::StmtPtr> &body, bool condUniform,
            std::set<std::string> &uniform) {
  bool changed = false;
  auto drop = [&](const std::string &n) { changed = uniform.erase(n) > 0 || changed; };
  for (const ir::StmtPtr &s : body) {
    switch (s->kind) {
    case ir::StmtKind::VarDecl:
      // Without an initialiser each thread starts from its own arbitrary value.
      if (!s->value || !condUniform || !isUniform(*s->value, uniform))
        drop(s->name);
      break;
    case ir::StmtKind::Assign:
      if (s->target->kind == ir::ExprKind::Var && (!condUniform || !isUniform(*s->value, uniform)))
        drop(s->target->name);
      break;
    case ir::StmtKind::Call:
    case ir::StmtKind::Atomic:
      if (s->target && s->target->kind == ir::ExprKind::Var)
        drop(s->target->name); // a method result may depend on memory
      break;
    case ir::StmtKind::If:
    case ir::StmtKind::While: {
      bool c = condUniform && isUniform(*s->cond, uniform);
      changed = demote(s->body, c, uniform) || changed;
      changed = demote(s->elseBody, c, uniform) || changed;
      break;
    }
    case ir::StmtKind::Block:
      changed = demote(s->body, condUniform, uniform) || changed;
      break;
    default:
      break;
    }
  }
  return changed;
}

using Conds = std::vector<const ir::Expr *>;

void addAll(Conds &to, const Conds &from) {
  for (const ir::Expr *c : from)
    if (std::find(to.begin(), to.end(), c) == to.end())
      to.push_back(c);
}

// Reports, for each barrier, every condition it cannot show uniform that decides
// whether a thread reaches the barrier (`conds`: those of the enclosing ifs and
// loops). Returns the conditions under which some threads may have returned: they
// decide every later barrier too (the returned threads never reach it), and every
// barrier of an enclosing loop's body (the returned threads miss the next iteration).
Conds findDivergence(const std::vector<ir::StmtPtr> &body, const Conds &conds,
                     const std::set<std::string> &uniform, std::vector<DivergenceError> &out) {
  Conds exited;
  for (const ir::StmtPtr &s : body) {
    Conds here = conds;
    addAll(here, exited);
    switch (s->kind) {
    case ir::StmtKind::Barrier:
      for (const ir::Expr *c : here)
        if (std::none_of(out.begin(), out.end(), [&](const DivergenceError &d) {
              return d.barrier == s.get() && d.condition == c;
            }))
          out.push_back({s.get(), c});
      break;
    case ir::StmtKind::Return:
      addAll(exited, here);
      break;
    case ir::StmtKind::If:
    case ir::StmtKind::While: {
      Conds inner = here;
      if (!isUniform(*s->cond, uniform))
        addAll(inner, {s->cond.get()});
      Conds left = findDivergence(s->body, inner, uniform, out);
      addAll(left, findDivergence(s->elseBody, inner, uniform, out));
      if (s->kind == ir::StmtKind::While && !left.empty()) {
        // A thread that returned in one iteration misses the barriers of the next.
        Conds next = inner;
        addAll(next, left);
        findDivergence(s->body, next, uniform, out);
      }
      addAll(exited, left);
      break;
    }
    case ir::StmtKind::Block:
      addAll(exited, findDivergence(s->body, here, uniform, out));
      break;
    default:
      break;
    }
  }
  return exited;
}

} // namespace

LockStepResult analyseLockStep(const std::vector<ir::StmtPtr> &body,
                               std::set<std::string> uniform) {
  declaredIn(body, uniform); // optimistic start; demote to a fixpoint
  while (demote(body, true, uniform)) {
  }
  LockStepResult r;
  findDivergence(body, {}, uniform, r.errors);
  r.uniform = std::move(uniform);
  return r;
}

} // namespace kprove::vcgen
