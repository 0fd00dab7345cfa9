#include "vcgen/lockstep.h"

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

// Reports barriers reached under a non-uniform condition. Returns the condition under
// which some threads may have returned early, if any: every later barrier is then
// divergent too (the returned threads never reach it).
std::optional<SourceRange> findDivergence(const std::vector<ir::StmtPtr> &body,
                                          const SourceRange *badCond,
                                          const std::set<std::string> &uniform,
                                          std::vector<DivergenceError> &out) {
  std::optional<SourceRange> exited;
  for (const ir::StmtPtr &s : body) {
    const SourceRange *cond = badCond ? badCond : exited ? &*exited : nullptr;
    switch (s->kind) {
    case ir::StmtKind::Barrier:
      if (cond)
        out.push_back({s.get(), *cond});
      break;
    case ir::StmtKind::Return:
      if (cond && !exited)
        exited = *cond;
      break;
    case ir::StmtKind::If:
    case ir::StmtKind::While: {
      const SourceRange *c = cond;
      if (!c && !isUniform(*s->cond, uniform))
        c = &s->cond->range;
      auto a = findDivergence(s->body, c, uniform, out);
      auto b = findDivergence(s->elseBody, c, uniform, out);
      if (!exited)
        exited = a ? a : b;
      break;
    }
    case ir::StmtKind::Block: {
      auto a = findDivergence(s->body, cond, uniform, out);
      if (!exited)
        exited = a;
      break;
    }
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
  findDivergence(body, nullptr, uniform, r.errors);
  r.uniform = std::move(uniform);
  return r;
}

} // namespace kprove::vcgen
