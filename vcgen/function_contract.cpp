#include "vcgen/function_contract.h"

#include "vcgen/int_model.h"
#include "vcgen/triggers.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace kprove::vcgen {

using namespace term;

namespace {

bool isResource(const ir::Expr &e) {
  return e.type == ir::Type::Resource;
}

void collect(const ir::Expr &e, ExprEncoder &enc, std::vector<T> &skolems, std::vector<T> &guards,
             std::vector<ContractAtom> &out) {
  VcContext &vc = enc.vc();
  auto atom = [&](bool perm) {
    ContractAtom a;
    a.perm = perm;
    a.skolems = skolems;
    a.guards = guards;
    a.range = e.range;
    return a;
  };
  if (e.kind == ir::ExprKind::Binary && isResource(e) &&
      (e.binop == ir::BinOp::Star || e.binop == ir::BinOp::And)) {
    size_t mark = enc.guards.size(), before = out.size();
    collect(*e.args[0], enc, skolems, guards, out);
    // The facts of the left side are known while the right side is evaluated.
    for (size_t i = before; i < out.size(); ++i)
      if (!out[i].perm)
        enc.guards.push_back(implies(land(out[i].guards), out[i].formula));
    collect(*e.args[1], enc, skolems, guards, out);
    enc.guards.resize(mark);
    return;
  }
  if (e.kind == ir::ExprKind::Binary && isResource(e) && e.binop == ir::BinOp::Implies) {
    T c = enc.encode(*e.args[0]);
    enc.guards.push_back(c);
    guards.push_back(c);
    collect(*e.args[1], enc, skolems, guards, out);
    guards.pop_back();
    enc.guards.pop_back();
    return;
  }
  if (e.kind == ir::ExprKind::Ite && isResource(e)) {
    T c = enc.encode(*e.args[0]);
    for (int branch = 0; branch < 2; ++branch) {
      T g = branch == 0 ? c : lnot(c);
      enc.guards.push_back(g);
      guards.push_back(g);
      collect(*e.args[1 + branch], enc, skolems, guards, out);
      guards.pop_back();
      enc.guards.pop_back();
    }
    return;
  }
  if (e.kind == ir::ExprKind::ForallStar) {
    std::vector<std::pair<std::string, std::optional<T>>> saved;
    std::vector<T> sk = enc.bindSkolems(e.binders, saved);
    size_t guardMark = enc.guards.size(), atomMark = guards.size(), skolemMark = skolems.size();
    for (size_t i = 0; i < sk.size(); ++i) {
      skolems.push_back(sk[i]);
      if (vc.bounded(e.binders[i].cint)) { // `\forall* int i` in C: the values of int
        enc.guards.push_back(inRange(sk[i], e.binders[i].cint));
        guards.push_back(enc.guards.back());
      }
    }
    T c = enc.encode(*e.args[0]);
    enc.guards.push_back(c);
    guards.push_back(c);
    collect(*e.args[1], enc, skolems, guards, out);
    enc.guards.resize(guardMark);
    guards.resize(atomMark);
    skolems.resize(skolemMark);
    enc.restore(saved);
    return;
  }
  if (e.kind == ir::ExprKind::Perm || e.kind == ir::ExprKind::PointsTo) {
    const ir::Expr &loc = *e.args[0];
    if (loc.kind != ir::ExprKind::Index) {
      vc.unsupported(loc.range, "a permission to a location other than an array element in the "
                                "precondition of a pure function");
      return;
    }
    ContractAtom a = atom(true);
    a.ref = enc.encode(*loc.args[0]);
    a.index = enc.encode(*loc.args[1]);
    a.amount = enc.encode(*e.args[1]);
    T cell = enc.state().heap ? select(enc.state().heap, a.ref, a.index) : T();
    out.push_back(a);
    if (e.kind == ir::ExprKind::PointsTo && cell) {
      ContractAtom v = atom(false);
      v.formula = eq(cell, enc.encode(*e.args[2]));
      out.push_back(v);
    }
    return;
  }
  ContractAtom f = atom(false);
  f.formula = enc.encode(e);
  out.push_back(f);
}

bool mentionsAny(const T &t, const std::vector<T> &vars) {
  return std::any_of(vars.begin(), vars.end(), [&](const T &v) { return mentions(t, v->name); });
}

} // namespace

std::vector<ContractAtom> preconditionAtoms(const ir::Method &fn, ExprEncoder &enc) {
  std::vector<ContractAtom> out;
  size_t mark = enc.guards.size();
  for (const ir::Clause &c : fn.contract)
    if (c.kind == ir::ClauseKind::Requires || c.kind == ir::ClauseKind::Context) {
      std::vector<T> skolems, guards;
      size_t before = out.size();
      collect(*c.expr, enc, skolems, guards, out);
      // Later clauses are evaluated knowing the facts of earlier ones.
      for (size_t i = before; i < out.size(); ++i)
        if (!out[i].perm && out[i].skolems.empty())
          enc.guards.push_back(implies(land(out[i].guards), out[i].formula));
    }
  enc.guards.resize(mark);
  return out;
}

T factsOf(const std::vector<ContractAtom> &atoms) {
  std::vector<T> facts;
  for (const ContractAtom &a : atoms) {
    if (a.perm)
      continue;
    T body = implies(land(a.guards), a.formula);
    std::vector<BoundVar> bound;
    std::vector<std::pair<std::string, T>> sub;
    for (const T &k : a.skolems)
      if (mentions(body, k->name)) {
        bound.push_back({k->name + "$f", k->sort});
        sub.emplace_back(k->name, var(bound.back().name, k->sort));
      }
    if (bound.empty())
      facts.push_back(body);
    else if (bound.size() == 1)
      facts.push_back(forallWithMemoryTriggers(bound[0], substitute(body, sub)));
    else
      facts.push_back(forall(bound, substitute(body, sub)));
  }
  return land(facts);
}

T footprintContains(const std::vector<ContractAtom> &atoms, const T &ref, const T &index) {
  std::vector<T> cases;
  for (const ContractAtom &a : atoms) {
    if (!a.perm)
      continue;
    std::vector<std::pair<std::string, T>> sub;
    std::vector<T> parts{eq(a.ref, ref), lt(realConst(0, 1), a.amount)};
    bool indexIsBinder = a.index->op == Op::Var && mentionsAny(a.index, a.skolems);
    if (indexIsBinder)
      sub.emplace_back(a.index->name, index);
    else
      parts.push_back(eq(a.index, index));
    parts.insert(parts.end(), a.guards.begin(), a.guards.end());
    // A part that still names a binder is left out: the set only grows.
    std::vector<T> kept;
    for (const T &p : parts) {
      T q = substitute(p, sub);
      if (!mentionsAny(q, a.skolems))
        kept.push_back(q);
    }
    cases.push_back(land(kept));
  }
  T any = fls();
  for (const T &c : cases)
    any = lor(any, c);
  return any;
}

bool footprintIndependentOf(const std::vector<ContractAtom> &atoms, const T &heap) {
  for (const ContractAtom &a : atoms) {
    if (!a.perm)
      continue;
    std::vector<T> parts{a.ref, a.index, a.amount};
    parts.insert(parts.end(), a.guards.begin(), a.guards.end());
    for (const T &p : parts)
      if (mentions(p, heap->name))
        return false;
  }
  return true;
}

void checkCallPrecondition(ExprEncoder &enc, const ir::Method &fn, const std::vector<T> &args,
                           SourceRange callRange) {
  VcContext &vc = enc.vc();
  State &st = enc.state();
  State callee = st;
  callee.vars.clear();
  for (size_t i = 0; i < fn.params.size() && i < args.size(); ++i)
    callee.vars[fn.params[i].name] = args[i];
  vc.bindFields(callee, fn.className);
  ExprEncoder pre(vc, callee);
  pre.checks = false;
  pre.reads = ReadCheck::None;
  std::vector<ContractAtom> atoms = preconditionAtoms(fn, pre);
  for (const ContractAtom &a : atoms) {
    T cond = land(a.guards);
    if (!a.perm) {
      enc.require(implies(cond, a.formula), DiagCode::FnPre, callRange,
                  fmt::format("the precondition of '{}' may not hold", fn.name),
                  {{a.range, "the precondition is here"}});
      continue;
    }
    T held;
    if (enc.footprint) {
      held = enc.footprint(a.ref, a.index);
    } else if (enc.reads == ReadCheck::None || !st.mask) {
      continue; // reads justified elsewhere (\old, a clause already framed)
    } else {
      T mask = select(st.mask, a.ref, a.index);
      held = lt(realConst(0, 1), mask);
      // A cell other threads update atomically is read race-free only with all of it.
      if (!vc.atomicArrays.empty())
        held = land(held, implies(vc.mayBeAtomic(a.ref), le(realConst(1, 1), mask)));
    }
    std::string message =
        enc.footprint
            ? fmt::format("pure function '{}' calls '{}', whose precondition asks for permission "
                          "to a cell outside the permissions of its own precondition",
                          enc.footprintOwner, fn.name)
            : fmt::format("the call of '{}' needs permission to read the cells its precondition "
                          "names",
                          fn.name);
    enc.require(implies(cond, held),
                enc.reads == ReadCheck::Framing ? DiagCode::Framing : DiagCode::PermRead, callRange,
                std::move(message), {{a.range, "this permission of the precondition"}});
  }
}

} // namespace kprove::vcgen
