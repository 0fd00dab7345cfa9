// Replay (replay/): permissions and memory — reads and writes of cells (null,
// bounds, the permission they need), contracts evaluated into permission claims,
// clauses checked against what a thread holds, the launch's claims on each cell,
// and what barriers take in and hand out.
#include "replay/machine.h"

#include <fmt/format.h>

#include <functional>

namespace kprove::replay::detail {

bool Interpreter::unfenced(const ir::Stmt &b, const CellKey &k) const {
  if (!b.fencesGiven)
    return false;
  return arrays_[static_cast<size_t>(k.array)].local ? !b.fences.local : !b.fences.global;
}

void Interpreter::barrier(const ir::Stmt &b, const std::vector<Thread *> &ts, size_t g) {
  tick(ts.size());
  bool seed = b.seedStyle;
  std::vector<const ir::Expr *> pre = clausesOf(b.clauses, kPre),
                                post = clausesOf(b.clauses, kPost);
  std::map<int, Perms> handed;
  std::map<int, Perms> before;
  Perms in;
  for (Thread *t : ts) {
    if (seed)
      before[t->index] = t->held;
    check(pre, *t, DiagCode::BarrierPre, "the barrier's precondition", !seed, nullptr,
          &handed[t->index]);
    for (const auto &[k, a] : handed[t->index])
      in[k] = heldAt(in, k) + a;
  }
  // What the barrier hands out: within what the group handed in (seed: within the
  // group's resources), on unfenced memory only to the thread that held it.
  std::map<int, std::vector<PermAtom>> out;
  Perms total;
  std::unordered_map<CellKey, SourceRange, CellHash> firstAtom;
  for (Thread *t : ts) {
    Ctx c{t};
    c.clause = true;
    c.checkReads = false;
    bool ok = true;
    for (const ir::Expr *p : post)
      if (ok)
        ok = walk(
            *p, c,
            [&](const PermAtom &a) {
              out[t->index].push_back(a);
              total[a.cell] = heldAt(total, a.cell) + a.amount;
              firstAtom.emplace(a.cell, a.atom->range);
              const Perms &own = seed ? before[t->index] : handed[t->index];
              if (unfenced(b, a.cell) && cmp(heldAt(own, a.cell), a.amount) < 0)
                fail(Failure::Kind::Permission, DiagCode::BarrierFence, a.atom->range, {},
                     fmt::format("the barrier at {} does not fence {} but hands {} of {} to {}, "
                                 "which {}",
                                 where(b.range), cellName(a.cell), str(a.amount), cellName(a.cell),
                                 name(*t), seed ? "did not hold it" : "did not hand it in"),
                     false);
            },
            [&](const ir::Expr &part, bool holds) {
              if (!holds)
                fail(Failure::Kind::Clause, DiagCode::BarrierPost, part.range, {},
                     fmt::format("the barrier's postcondition '{}' is false for {} at {}{}",
                                 spell(part), name(*t), where(b.range), valuesOf(part, c)),
                     false);
            });
  }
  for (const auto &[k, a] : total) {
    Amount avail = seed ? groupResource(k) : heldAt(in, k);
    if (cmp(a, avail) > 0)
      fail(Failure::Kind::Permission, DiagCode::BarrierRedistribute, firstAtom.at(k), {},
           fmt::format("the barrier at {} hands out {} of {} but the group {} only {}",
                       where(b.range), str(a), cellName(k), seed ? "holds" : "handed in",
                       str(avail)),
           false);
  }
  for (Thread *t : ts) {
    if (seed)
      t->held.clear();
    for (const PermAtom &a : out[t->index])
      t->held[a.cell] = heldAt(t->held, a.cell) + a.amount;
  }
  if (!b.fencesGiven || b.fences.local)
    ++epochLocal_[g];
  if (!b.fencesGiven || b.fences.global)
    ++epochGlobal_[g];
}

// Seed kernels: the group's resources are all threads' global permissions and
// its local arrays whole.
Amount Interpreter::groupResource(const CellKey &k) const {
  if (arrays_[static_cast<size_t>(k.array)].local)
    return kFull;
  auto it = claims_.find(k);
  return it == claims_.end() ? kNone : it->second.sum;
}

CellKey Interpreter::cellOf(const ir::Expr &index, Ctx &c, const char *what, bool checked) {
  if (index.kind != ir::ExprKind::Index)
    throw NotReplayable{"a location " + ir::toString(index)};
  Val a = eval(*index.args[0], c);
  i128 i = evalInt(*index.args[1], c);
  if (a.k != Val::K::Arr)
    throw NotReplayable{"an index into a non-array"};
  if (!checked)
    return {static_cast<int64_t>(a.i), static_cast<int64_t>(i)};
  if (a.i == 0)
    fail(Failure::Kind::Undefined, DiagCode::Null, index.args[0]->range, {},
         fmt::format("{} {} '{}', which is null", name(*c.t), what, spell(*index.args[0])), true,
         {c.t});
  const Array &arr = arrays_[static_cast<size_t>(a.i)];
  if (i < 0 || i >= arr.length)
    fail(Failure::Kind::Undefined, DiagCode::Bounds, index.args[1]->range, {},
         fmt::format("{} {} {}[{}], out of bounds (the length of {} is {})", name(*c.t), what,
                     arr.name, str(i), arr.name, str(arr.length)),
         true, {c.t});
  return {static_cast<int64_t>(a.i), static_cast<int64_t>(i)};
}

Val Interpreter::read(const ir::Expr &e, Ctx &c) {
  CellKey k = cellOf(e, c, c.clause ? "reads (in a specification)" : "reads");
  if (c.old) {
    const Snapshot &s = *c.t->oldMem;
    if (static_cast<size_t>(k.array) < s.size())
      if (auto it = s[static_cast<size_t>(k.array)].find(k.index);
          it != s[static_cast<size_t>(k.array)].end())
        return Val::num(it->second);
    return Val::num(0);
  }
  if (c.checkReads && !positive(heldAt(c.perms ? *c.perms : c.t->held, k)))
    fail(Failure::Kind::Permission, c.readCode, e.range, {},
         fmt::format("{} reads {}{} without permission to it{}", name(*c.t), cellName(k),
                     c.readCode == DiagCode::Framing ? " in a specification" : "",
                     c.readCode == DiagCode::Framing ? " (a clause frames itself, left to right)"
                                                     : ""),
         false, {c.t});
  if (!c.clause)
    recordAccess(*c.t, k, false, false, e.range);
  const Array &a = arrays_[static_cast<size_t>(k.array)];
  auto it = a.cells.find(k.index);
  return Val::num(it == a.cells.end() ? 0 : it->second);
}

void Interpreter::write(const ir::Expr &target, const Val &v, Thread &t) {
  Ctx c{&t};
  CellKey k = cellOf(target, c, "writes");
  Amount h = heldAt(t.held, k);
  if (cmp(h, kFull) < 0)
    fail(Failure::Kind::Permission, DiagCode::PermWrite, target.range, {},
         positive(h)
             ? fmt::format("{} writes {} holding only {} of it", name(t), cellName(k), str(h))
             : fmt::format("{} writes {} without permission to it", name(t), cellName(k)),
         false, {&t});
  recordAccess(t, k, true, false, target.range);
  i128 x = v.k == Val::K::Int || v.k == Val::K::Bool ? v.i : 0;
  if (bounded(target.cint))
    x = wrap(x, target.cint);
  arrays_[static_cast<size_t>(k.array)].cells[k.index] = x;
}

// Evidence that a precondition is satisfiable (driver: requireEvidence) needs
// initial contents that satisfy it, and the fixed patterns of fill() cannot meet
// `\forall i, j; h[j*n + i] == i + j`. A conjunct that defines cells, `h[x] == e`
// alone or under a \forall (optionally `guard ==> h[x] == e`), is run forwards:
// each cell it names gets e's value, the first definition of a cell winning.
// Nothing here is trusted: the precondition is then checked on these contents as
// before, so a wrong or conflicting definition only means no evidence.
void Interpreter::defineCells(const ir::Expr &pre, Thread &t) {
  std::vector<const ir::Expr *> parts;
  conjuncts(pre, parts);
  Ctx c{&t};
  c.clause = true;
  c.checkReads = false;
  bool muted = muted_;
  muted_ = true;
  // A defining conjunct: `h[x] == e`, under guards (`g ==> ...`), conjunctions and
  // nested \forall (a 2-D `(\forall i; (\forall j; a[i*4+j] == v))`).
  std::function<void(const ir::Expr &)> visit = [&](const ir::Expr &e) {
    if (e.kind == ir::ExprKind::Forall) {
      enumerate(e, c, [&](const std::string &) {
        if (e.args[1])
          visit(*e.args[1]);
        return true;
      });
      return;
    }
    if (e.kind == ir::ExprKind::Binary && e.binop == ir::BinOp::Implies) {
      if (evalBool(*e.args[0], c))
        visit(*e.args[1]);
      return;
    }
    if (e.kind == ir::ExprKind::Binary && e.binop == ir::BinOp::And) {
      visit(*e.args[0]);
      visit(*e.args[1]);
      return;
    }
    if (e.kind != ir::ExprKind::Binary || e.binop != ir::BinOp::Eq)
      return;
    // A C cell compared after its promotion (`(int) a[x] == 255` of a uchar cell):
    // the cell; a value it cannot hold leaves the precondition false when evaluated.
    auto cellOrNull = [](const ir::Expr *x) -> const ir::Expr * {
      while (x && x->kind == ir::ExprKind::Convert && !x->args.empty())
        x = x->args[0].get();
      return x && x->kind == ir::ExprKind::Index ? x : nullptr;
    };
    int side = cellOrNull(e.args[0].get()) ? 0 : cellOrNull(e.args[1].get()) ? 1 : -1;
    if (side < 0)
      return;
    const ir::Expr &cell = *cellOrNull(e.args[static_cast<size_t>(side)].get());
    const ir::Expr &value = *e.args[static_cast<size_t>(1 - side)];
    CellKey k = cellOf(cell, c, "defines", false);
    if (k.array <= 0 || static_cast<size_t>(k.array) >= arrays_.size())
      return;
    Array &a = arrays_[static_cast<size_t>(k.array)];
    if (a.local || k.index < 0 || k.index >= a.length || !defined_.insert(k).second)
      return;
    Val v = eval(value, c);
    if (v.k != Val::K::Int && v.k != Val::K::Bool)
      return;
    a.cells[k.index] = bounded(a.elem) ? wrap(v.i, a.elem) : v.i;
  };
  for (const ir::Expr *part : parts) {
    try {
      visit(*part);
    } catch (const NotReplayable &) {
    } catch (const Stop &) {
    }
  }
  muted_ = muted;
}

// The kernel's precondition for one thread: its permissions, claimed from the
// launch's cells (all threads of all groups together hold at most one of each).
void Interpreter::inhalePrecondition(const ir::Expr &pre, Thread &t) {
  Ctx c{&t};
  c.clause = true;
  c.readCode = DiagCode::Framing;
  walk(
      pre, c,
      [&](const PermAtom &a) {
        t.held[a.cell] = heldAt(t.held, a.cell) + a.amount;
        claim(a, t);
      },
      [&](const ir::Expr &part, bool holds) {
        if (!holds)
          throw Infeasible{fmt::format("the precondition '{}' is false for {}{}", spell(part),
                                       name(t), valuesOf(part, c))};
      });
}

void Interpreter::claim(const PermAtom &a, const Thread &t) {
  auto [it, fresh] =
      claims_.try_emplace(a.cell, Claim{a.amount, t.index, a.binders, a.atom->range});
  if (fresh)
    return;
  Claim &cl = it->second;
  Amount sum = cl.sum + a.amount;
  if (cmp(sum, kFull) > 0 && cmp(cl.sum, kFull) <= 0) {
    auto who = [&](int thread, const std::string &binders) {
      return name(threads_[static_cast<size_t>(thread)]) +
             (binders.empty() ? "" : " with " + binders);
    };
    bool same = cl.thread == t.index;
    fail(Failure::Kind::Claim, DiagCode::Injectivity, a.atom->range, cl.atom,
         fmt::format("{} and {} both claim {} ({} and {}, more than a full permission)",
                     who(cl.thread, cl.binders),
                     same && a.binders.empty() ? "again" : who(t.index, a.binders),
                     cellName(a.cell), str(cl.sum), str(a.amount)),
         false, {&threads_[static_cast<size_t>(cl.thread)], &t});
  }
  cl.sum = sum;
}

// Checks clause `e` for thread t as an exhale: its pure parts true, its
// permissions held (summed over its atoms); with `commit`, takes them away.
bool Interpreter::check(const ir::Expr &e, Thread &t, DiagCode code, const std::string &what,
                        bool commit, const Val *result, Perms *taken, SourceRange at) {
  return check(std::vector<const ir::Expr *>{&e}, t, code, what, commit, result, taken, at);
}

// The clauses together (their permissions add up; reads are framed by what the
// thread holds before).
bool Interpreter::check(const std::vector<const ir::Expr *> &es, Thread &t, DiagCode code,
                        const std::string &what, bool commit, const Val *result, Perms *taken,
                        SourceRange at) {
  Perms remaining = t.held;
  // A postcondition must frame itself, left to right (vcgen's self-framing
  // check); other clauses read what the thread holds.
  Perms framed;
  bool selfFramed = code == DiagCode::Post;
  Ctx c{&t};
  c.clause = true;
  c.readCode = DiagCode::Framing;
  c.perms = selfFramed ? &framed : &t.held;
  c.result = result;
  bool ok = true;
  for (const ir::Expr *e : es)
    walk(
        *e, c,
        [&](const PermAtom &a) {
          framed[a.cell] = heldAt(framed, a.cell) + a.amount;
          Amount have = heldAt(remaining, a.cell);
          if (cmp(have, a.amount) < 0) {
            if (ok)
              fail(Failure::Kind::Permission, code, at.valid() ? at : a.atom->range, {},
                   fmt::format("{} needs {} of {} for {} and holds {}", name(t), str(a.amount),
                               cellName(a.cell), what, positive(have) ? str(have) : "none"),
                   false, {&t});
            ok = false;
            remaining[a.cell] = kNone;
          } else {
            remaining[a.cell] = have - a.amount;
          }
          if (taken)
            (*taken)[a.cell] = heldAt(*taken, a.cell) + a.amount;
        },
        [&](const ir::Expr &part, bool holds) {
          if (!holds && ok) {
            fail(Failure::Kind::Clause, code, at.valid() ? at : part.range, {},
                 fmt::format("{} '{}' is false for {}{}", what, spell(part), name(t),
                             valuesOf(part, c)),
                 false, {&t});
            ok = false;
          }
        });
  if (commit) {
    for (auto it = remaining.begin(); it != remaining.end();)
      it = positive(it->second) ? std::next(it) : remaining.erase(it);
    t.held = std::move(remaining);
  }
  return ok;
}

// Walks resource formula `e`: permission atoms in order to onPerm, pure parts to
// onPure (a false one ends a conjunction: `p != NULL && p[0] == 1`). Returns
// whether every pure part held.
bool Interpreter::walk(const ir::Expr &e, Ctx &c,
                       const std::function<void(const PermAtom &)> &onPerm,
                       const std::function<void(const ir::Expr &, bool)> &onPure,
                       const std::string &binders) {
  tick();
  switch (e.kind) {
  case ir::ExprKind::Binary:
    if (e.binop == ir::BinOp::And || e.binop == ir::BinOp::Star)
      return walk(*e.args[0], c, onPerm, onPure, binders) &&
             walk(*e.args[1], c, onPerm, onPure, binders);
    if (e.binop == ir::BinOp::Implies)
      return !evalBool(*e.args[0], c) || walk(*e.args[1], c, onPerm, onPure, binders);
    break;
  case ir::ExprKind::Ite:
    if (e.type == ir::Type::Resource)
      return walk(evalBool(*e.args[0], c) ? *e.args[1] : *e.args[2], c, onPerm, onPure, binders);
    break;
  case ir::ExprKind::ForallStar: {
    bool ok = true;
    enumerate(e, c, [&](const std::string &values) {
      ok =
          walk(*e.args[1], c, onPerm, onPure, binders.empty() ? values : binders + ", " + values) &&
          ok;
      return true;
    });
    return ok;
  }
  case ir::ExprKind::Perm:
  case ir::ExprKind::PointsTo: {
    CellKey k = cellOf(*e.args[0], c, "names", /*checked=*/false);
    Amount a = evalAmount(*e.args[1], c);
    if (k.array != 0 && positive(a) &&
        (k.index < 0 || k.index >= arrays_[static_cast<size_t>(k.array)].length))
      fail(Failure::Kind::Undefined, DiagCode::Bounds, e.args[0]->args[1]->range, {},
           fmt::format("{} names a permission to {}, outside the bounds of {} (length {})",
                       name(*c.t), cellName(k), arrays_[static_cast<size_t>(k.array)].name,
                       str(arrays_[static_cast<size_t>(k.array)].length)),
           false, {c.t});
    if (cmp(a, kNone) < 0)
      throw NotReplayable{"a negative permission amount"};
    onPerm({k, a, &e, binders});
    if (e.kind == ir::ExprKind::PointsTo) {
      Ctx r = c;
      r.checkReads = false;
      bool holds = evalInt(*e.args[0], r) == evalInt(*e.args[2], c);
      onPure(e, holds);
      return holds;
    }
    return true;
  }
  default:
    break;
  }
  bool holds = evalBool(e, c);
  onPure(e, holds);
  return holds;
}

} // namespace kprove::replay::detail
