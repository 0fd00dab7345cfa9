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

// The analysis, with the pure functions that read memory: a call of one may differ
// between threads even with the same arguments.
struct LockStepAnalysis {
  const std::set<std::string> &memoryReaders;
  const std::function<bool(const ir::Stmt &)> &isPoint;
  std::set<const ir::Stmt *> divergentPoints; // reached under a condition that may differ
  std::set<const ir::Stmt *> visitedPoints;   // every point the analysis saw

  bool isUniform(const ir::Expr &e, const std::set<std::string> &uniform,
                 std::set<std::string> &bound) {
    switch (e.kind) {
    case ir::ExprKind::Index: // memory may differ between reads of different threads
    case ir::ExprKind::Old:
    case ir::ExprKind::Result:
    case ir::ExprKind::Other: // another thread's value
      return false;
    case ir::ExprKind::Call: // a pure function over memory reads it (red team, cause 22)
      if (memoryReaders.count(e.name))
        return false;
      break;
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

  // Whether a break (`breaks`) or continue (`continues`) that leaves the code
  // `body` runs under a condition that may differ between threads: then threads run
  // the statements of that loop or Block different numbers of times.
  bool jumpsUnderNonUniform(const std::vector<ir::StmtPtr> &body, bool breaks, bool continues,
                            const std::set<std::string> &uniform, bool underNonUniform) {
    if (!breaks && !continues)
      return false;
    for (const ir::StmtPtr &s : body) {
      switch (s->kind) {
      case ir::StmtKind::Break:
        if (underNonUniform && breaks)
          return true;
        break;
      case ir::StmtKind::Continue:
        if (underNonUniform && continues)
          return true;
        break;
      case ir::StmtKind::If: {
        bool under = underNonUniform || !isUniform(*s->cond, uniform);
        if (jumpsUnderNonUniform(s->body, breaks, continues, uniform, under) ||
            jumpsUnderNonUniform(s->elseBody, breaks, continues, uniform, under))
          return true;
        break;
      }
      case ir::StmtKind::InvariantBlock:
      case ir::StmtKind::AtomicBlock:
      case ir::StmtKind::Block:
        // A Block that catches one kind leaves only the other kind to us.
        if (jumpsUnderNonUniform(s->body, breaks && s->catches != ir::Catches::Break,
                                 continues && s->catches != ir::Catches::Continue, uniform,
                                 underNonUniform))
          return true;
        break;
      default: // an inner loop catches both kinds
        break;
      }
    }
    return false;
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
        if (s->target->kind == ir::ExprKind::Var &&
            (!condUniform || !isUniform(*s->value, uniform)))
          drop(s->target->name);
        break;
      case ir::StmtKind::Call:
      case ir::StmtKind::Atomic:
        if (s->target && s->target->kind == ir::ExprKind::Var)
          drop(s->target->name); // a method result may depend on memory
        for (const ir::GhostArg &y : s->yields)
          if (y.value && y.value->kind == ir::ExprKind::Var)
            drop(y.value->name);
        break;
      case ir::StmtKind::If:
      case ir::StmtKind::While: {
        bool c = condUniform && isUniform(*s->cond, uniform);
        if (s->kind == ir::StmtKind::While)
          c = c && !jumpsUnderNonUniform(s->body, true, true, uniform, false);
        changed = demote(s->body, c, uniform) || changed;
        changed = demote(s->elseBody, c, uniform) || changed;
        break;
      }
      case ir::StmtKind::InvariantBlock:
      case ir::StmtKind::AtomicBlock:
      case ir::StmtKind::Block: {
        bool c = condUniform &&
                 !jumpsUnderNonUniform(s->body, s->catches == ir::Catches::Break,
                                       s->catches == ir::Catches::Continue, uniform, false);
        changed = demote(s->body, c, uniform) || changed;
        break;
      }
      default:
        break;
      }
    }
    return changed;
  }

  using Conds = std::vector<const ir::Expr *>;

  static void addAll(Conds &to, const Conds &from) {
    for (const ir::Expr *c : from)
      if (std::find(to.begin(), to.end(), c) == to.end())
        to.push_back(c);
  }

  // The conditions under which a thread may have left the code early: returned from
  // the kernel, broken out of the loop or switch, or continued with the loop's next
  // iteration.
  struct Exits {
    Conds returned, broke, continued;
    void add(const Exits &o) {
      addAll(returned, o.returned);
      addAll(broke, o.broke);
      addAll(continued, o.continued);
    }
    Conds all() const {
      Conds c = returned;
      addAll(c, broke);
      addAll(c, continued);
      return c;
    }
  };

  // Reports, for each barrier, every condition it cannot show uniform that decides
  // whether a thread reaches the barrier (`conds`: those of the enclosing ifs and
  // loops). Returns the conditions under which some threads may have left early:
  // they decide every later barrier too (the threads that left never reach it).
  // Returns decide every barrier of an enclosing loop's body (the returned threads
  // miss the next iteration), breaks every barrier of their loop's body; a loop ends
  // its breaks and continues, a Block that catches them ends those.
  Exits findDivergence(const std::vector<ir::StmtPtr> &body, const Conds &conds,
                       const std::set<std::string> &uniform, std::vector<DivergenceError> &out) {
    Exits exited;
    for (const ir::StmtPtr &s : body) {
      Conds here = conds;
      addAll(here, exited.all());
      if (isPoint && isPoint(*s)) {
        visitedPoints.insert(s.get());
        if (!here.empty())
          divergentPoints.insert(s.get());
      }
      switch (s->kind) {
      case ir::StmtKind::Barrier:
        for (const ir::Expr *c : here)
          if (std::none_of(out.begin(), out.end(), [&](const DivergenceError &d) {
                return d.barrier == s.get() && d.condition == c;
              }))
            out.push_back({s.get(), c});
        break;
      case ir::StmtKind::Return:
        addAll(exited.returned, here);
        break;
      case ir::StmtKind::Break:
        addAll(exited.broke, here);
        break;
      case ir::StmtKind::Continue:
        addAll(exited.continued, here);
        break;
      case ir::StmtKind::If: {
        Conds inner = here;
        if (!isUniform(*s->cond, uniform))
          addAll(inner, {s->cond.get()});
        exited.add(findDivergence(s->body, inner, uniform, out));
        exited.add(findDivergence(s->elseBody, inner, uniform, out));
        break;
      }
      case ir::StmtKind::While: {
        Conds inner = here;
        if (!isUniform(*s->cond, uniform))
          addAll(inner, {s->cond.get()});
        Exits left = findDivergence(s->body, inner, uniform, out);
        // The loop's head, each iteration: its condition and its body's exits decide.
        if (isPoint && (inner.size() > here.size() || !left.all().empty()) && isPoint(*s))
          divergentPoints.insert(s.get());
        if (!left.returned.empty() || !left.broke.empty()) {
          // A thread that returned or broke in one iteration misses the barriers of
          // the next.
          Conds next = inner;
          addAll(next, left.returned);
          addAll(next, left.broke);
          findDivergence(s->body, next, uniform, out);
        }
        addAll(exited.returned, left.returned);
        break;
      }
      case ir::StmtKind::InvariantBlock:
      case ir::StmtKind::AtomicBlock:
      case ir::StmtKind::Block: {
        Exits left = findDivergence(s->body, here, uniform, out);
        if (s->catches == ir::Catches::Break)
          left.broke.clear();
        if (s->catches == ir::Catches::Continue)
          left.continued.clear();
        exited.add(left);
        break;
      }
      default:
        break;
      }
    }
    return exited;
  }
};

} // namespace

LockStepResult analyseLockStep(const std::vector<ir::StmtPtr> &body, std::set<std::string> uniform,
                               const std::set<std::string> &memoryReaders,
                               const std::function<bool(const ir::Stmt &)> &isPoint) {
  LockStepAnalysis a{memoryReaders, isPoint, {}, {}};
  declaredIn(body, uniform); // optimistic start; demote to a fixpoint
  while (a.demote(body, true, uniform)) {
  }
  LockStepResult r;
  a.findDivergence(body, {}, uniform, r.errors);
  r.uniform = std::move(uniform);
  // A point the analysis never saw (inside a statement it does not enter) is not
  // reached together as far as it knows.
  for (const ir::Stmt *p : a.visitedPoints)
    if (!a.divergentPoints.count(p))
      r.reachedTogether.insert(p);
  return r;
}

} // namespace kprove::vcgen
