#include "vcgen/resources.h"

#include "vcgen/int_model.h"
#include "vcgen/two_thread.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace kprove::vcgen {

using namespace term;

namespace {

void splitConjuncts(const ir::ExprPtr &e, std::vector<ir::ExprPtr> &out) {
  if (e->kind == ir::ExprKind::Binary &&
      (e->binop == ir::BinOp::And || e->binop == ir::BinOp::Star)) {
    splitConjuncts(e->args[0], out);
    splitConjuncts(e->args[1], out);
    return;
  }
  out.push_back(e);
}

bool isVar(const ir::Expr &e, const std::string &name) {
  return e.kind == ir::ExprKind::Var && e.name == name;
}

// An atom's array as the user names it: a field's cell array (ir::Field) is `this.f`.
std::string locationName(const std::string &arrayName) {
  size_t dot = arrayName.find('.');
  return dot == std::string::npos ? arrayName : "this" + arrayName.substr(dot);
}

bool exprMentions(const ir::Expr &e, const std::string &name) {
  if (e.kind == ir::ExprKind::Var && e.name == name)
    return true;
  for (const ir::Binder &b : e.binders)
    if (b.name == name)
      return false; // shadowed
  for (const ir::ExprPtr &a : e.args)
    if (exprMentions(*a, name))
      return true;
  return false;
}

void arraysReadBy(const ir::Expr &e, std::vector<std::string> &out) {
  if (e.kind == ir::ExprKind::Index && e.args[0]->kind == ir::ExprKind::Var)
    out.push_back(e.args[0]->name);
  for (const ir::ExprPtr &a : e.args)
    arraysReadBy(*a, out);
}

// Recognises `lo <= x`, `x >= lo`, `lo < x`, `x > lo` (lower bounds) and
// `x < hi`, `hi > x`, `x <= hi`, `hi >= x` (upper bounds). `offset` is +1 when
// the bound is strict on the lower side or inclusive on the upper side.
enum class BoundKind { None, Lower, Upper };
BoundKind boundOf(const ir::Expr &c, const std::string &x, const ir::Expr *&other, int &offset) {
  if (c.kind != ir::ExprKind::Binary)
    return BoundKind::None;
  const ir::Expr &l = *c.args[0], &r = *c.args[1];
  auto pick = [&](const ir::Expr &o, BoundKind k, int off) {
    if (exprMentions(o, x))
      return BoundKind::None;
    other = &o;
    offset = off;
    return k;
  };
  switch (c.binop) {
  case ir::BinOp::Le:
    if (isVar(r, x))
      return pick(l, BoundKind::Lower, 0);
    if (isVar(l, x))
      return pick(r, BoundKind::Upper, 1);
    break;
  case ir::BinOp::Lt:
    if (isVar(r, x))
      return pick(l, BoundKind::Lower, 1);
    if (isVar(l, x))
      return pick(r, BoundKind::Upper, 0);
    break;
  case ir::BinOp::Ge:
    if (isVar(l, x))
      return pick(r, BoundKind::Lower, 0);
    if (isVar(r, x))
      return pick(l, BoundKind::Upper, 1);
    break;
  case ir::BinOp::Gt:
    if (isVar(l, x))
      return pick(r, BoundKind::Lower, 1);
    if (isVar(r, x))
      return pick(l, BoundKind::Upper, 0);
    break;
  default:
    break;
  }
  return BoundKind::None;
}

bool mentionsAny(const T &t, const std::vector<QBinder> &bs) {
  for (const QBinder &b : bs)
    if (mentions(t, b.skolem->name))
      return true;
  return false;
}

std::pair<SourceRange, std::vector<DiagNote>> blameFor(const ExhaleBlame &b, SourceRange part) {
  if (!b.site)
    return {part, b.notes};
  std::vector<DiagNote> notes{{part, "this part of the contract may not hold"}};
  notes.insert(notes.end(), b.notes.begin(), b.notes.end());
  return {*b.site, notes};
}

T rangeOf(const QBinder &b) {
  if (!b.lo)
    return tru();
  return land(le(*b.lo, b.skolem), lt(b.skolem, *b.hi));
}

// Says who may claim the same cell: threads (the user wrote no quantifier, the
// clause is every thread's), a user's \forall*, or both.
std::string injectivityMessage(const std::vector<QBinder> &used, const std::string &array) {
  if (std::any_of(used.begin(), used.end(), [](const QBinder &b) { return b.overLanes; }))
    return fmt::format("two iterations of the vec block may write the same element of '{}'", array);
  bool threads =
      std::all_of(used.begin(), used.end(), [](const QBinder &b) { return b.overThreads; });
  bool user =
      std::none_of(used.begin(), used.end(), [](const QBinder &b) { return b.overThreads; });
  if (threads)
    return fmt::format("two threads may claim the same element of '{}' with this permission "
                       "(a data race if they write it; for reads shared by threads, give every "
                       "thread a fraction of each cell)",
                       array);
  if (user)
    return fmt::format("two instances of this quantified permission may name the same element of "
                       "'{}'",
                       array);
  return fmt::format("two threads, or two values of the quantified variable, may claim the same "
                     "element of '{}' with this permission",
                     array);
}

} // namespace

std::vector<Atom> ResourceEngine::flatten(const ir::Expr &formula, State &st,
                                          const ResourceOptions &opts) {
  ExprEncoder enc(vc_, st);
  enc.reads = opts.reads;
  std::vector<QBinder> binders = opts.outerBinders;
  for (QBinder &b : binders)
    b.overThreads = true;
  std::vector<T> atomGuards = opts.outerGuards;
  for (const QBinder &b : binders)
    enc.guards.push_back(rangeOf(b));
  for (const T &g : atomGuards)
    enc.guards.push_back(g);
  std::vector<Atom> out;
  T savedMask = st.mask;
  collect(formula, enc, binders, atomGuards, out, opts);
  st.mask = savedMask; // the running mask was only for framing reads
  return out;
}

namespace {
// Whether quantifier q's condition names a value built from one of `binders`
// (`k*N <= i` under a par block over k): a range over outer binders.
bool conditionOverBinders(const ir::Expr &e, const ir::Expr &q, const State &st,
                          const std::vector<QBinder> &binders) {
  if (e.kind == ir::ExprKind::Var) {
    for (const ir::Binder &b : q.binders)
      if (b.name == e.name)
        return false;
    auto it = st.vars.find(e.name);
    return it != st.vars.end() && it->second && mentionsAny(it->second, binders);
  }
  for (const ir::ExprPtr &a : e.args)
    if (a && conditionOverBinders(*a, q, st, binders))
      return true;
  return false;
}

bool hasUserTrigger(const ir::Expr &e) {
  if (e.userTrigger)
    return true;
  for (const ir::ExprPtr &a : e.args)
    if (a && hasUserTrigger(*a))
      return true;
  return false;
}
} // namespace

void ResourceEngine::collect(const ir::Expr &e, ExprEncoder &enc, std::vector<QBinder> &binders,
                             std::vector<T> &atomGuards, std::vector<Atom> &out,
                             const ResourceOptions &opts) {
  State &st = enc.state();
  auto base = [&](Atom::Kind k) {
    Atom a;
    a.kind = k;
    a.binders = binders;
    a.guards = atomGuards;
    a.range = e.range;
    return a;
  };
  // A claim about two threads (vcgen/two_thread.h) is split as a resource formula is:
  // its conjuncts and consequents about this thread alone are atoms of their own,
  // checked and assumed as any (in a launch of one thread the pair's facts contradict,
  // and would prove them vacuously).
  const bool pairClaim = e.type != ir::Type::Resource && mentionsOther(e);
  if (e.kind == ir::ExprKind::Binary && (e.binop == ir::BinOp::Star || e.binop == ir::BinOp::And) &&
      (e.type == ir::Type::Resource || pairClaim)) {
    size_t mark = enc.guards.size();
    size_t before = out.size();
    collect(*e.args[0], enc, binders, atomGuards, out, opts);
    // Facts of the left side are known while the right side is evaluated.
    for (size_t i = before; i < out.size(); ++i)
      if (out[i].kind == Atom::Kind::Pure && !out[i].relational)
        enc.guards.push_back(implies(land(out[i].guards), out[i].formula));
    collect(*e.args[1], enc, binders, atomGuards, out, opts);
    enc.guards.resize(mark);
    return;
  }
  if (e.kind == ir::ExprKind::Binary && e.binop == ir::BinOp::Implies &&
      (e.type == ir::Type::Resource || (pairClaim && !mentionsOther(*e.args[0])))) {
    T c = enc.encode(*e.args[0]);
    enc.guards.push_back(c);
    atomGuards.push_back(c);
    collect(*e.args[1], enc, binders, atomGuards, out, opts);
    atomGuards.pop_back();
    enc.guards.pop_back();
    return;
  }
  if (e.kind == ir::ExprKind::Ite && e.type == ir::Type::Resource) {
    T c = enc.encode(*e.args[0]);
    for (int branch = 0; branch < 2; ++branch) {
      T g = branch == 0 ? c : lnot(c);
      enc.guards.push_back(g);
      atomGuards.push_back(g);
      collect(*e.args[1 + branch], enc, binders, atomGuards, out, opts);
      atomGuards.pop_back();
      enc.guards.pop_back();
    }
    return;
  }
  // A pure \forall under binders (a par block's `ensures (\forall int i; ...)`, given
  // back over the block's threads) is flattened into them as a \forall* is: one
  // quantifier over all binders, whose index forms (vcgen/triggers.h) the solver
  // can instantiate at a cell (`h[tk*30 + tj*5 + i]` for the tj and i of a read);
  // nested, the outer quantifier had no trigger on the inner one's reads. Not
  // when its range depends on them (blocks `k*N <= i < (k+1)*N`: re-quantified
  // over i alone by pinBlockBindersInForall instead).
  if (e.kind == ir::ExprKind::ForallStar ||
      (e.kind == ir::ExprKind::Forall && !binders.empty() && !hasUserTrigger(e) &&
       e.args[0] && !conditionOverBinders(*e.args[0], e, st, binders))) {
    std::vector<std::pair<std::string, std::optional<T>>> saved;
    std::vector<T> sk = enc.bindSkolems(e.binders, saved);
    size_t cellMark = enc.openQuantifier(sk);
    size_t guardMark = enc.guards.size(), atomMark = atomGuards.size(), binderMark = binders.size();
    std::vector<ir::ExprPtr> conds;
    splitConjuncts(e.args[0], conds);
    std::vector<bool> used(conds.size(), false);
    enc.triggerFrames.emplace_back();
    size_t atomsBefore = out.size();
    for (size_t b = 0; b < e.binders.size(); ++b) {
      QBinder qb{sk[b], std::nullopt, std::nullopt};
      const ir::Expr *lo = nullptr, *hi = nullptr;
      int loOff = 0, hiOff = 0;
      size_t loIdx = 0, hiIdx = 0;
      for (size_t c = 0; c < conds.size(); ++c) {
        if (used[c])
          continue;
        const ir::Expr *o = nullptr;
        int off = 0;
        BoundKind k = boundOf(*conds[c], e.binders[b].name, o, off);
        if (k == BoundKind::Lower && !lo) {
          lo = o, loOff = off, loIdx = c;
        } else if (k == BoundKind::Upper && !hi) {
          hi = o, hiOff = off, hiIdx = c;
        }
      }
      if (lo && hi) {
        used[loIdx] = used[hiIdx] = true;
        qb.lo = add(enc.encode(*lo), intConst(loOff));
        qb.hi = add(enc.encode(*hi), intConst(hiOff));
        if (mentionsAny(*qb.lo, binders) || mentionsAny(*qb.hi, binders)) {
          // Bounds over outer binders (triangles) cannot be counted: keep them as guards.
          used[loIdx] = used[hiIdx] = false;
          qb.lo = qb.hi = std::nullopt;
        }
      }
      binders.push_back(qb);
      enc.guards.push_back(rangeOf(qb));
    }
    for (size_t c = 0; c < conds.size(); ++c) {
      if (used[c])
        continue;
      T g = enc.encode(*conds[c]);
      enc.guards.push_back(g);
      atomGuards.push_back(g);
    }
    collect(*e.args[1], enc, binders, atomGuards, out, opts);
    const std::vector<ExprEncoder::UserTrigger> &marked = enc.triggerFrames.back();
    bool applied = false;
    for (size_t k = atomsBefore; k < out.size(); ++k)
      if (out[k].kind == Atom::Kind::Pure) {
        out[k].triggers.insert(out[k].triggers.end(), marked.begin(), marked.end());
        applied = true;
      }
    if (!marked.empty() && !applied)
      vc_.unsupported(marked.front().range,
                      "a trigger in a \\forall* without pure facts (kprove chooses the triggers "
                      "of quantified permissions)");
    enc.triggerFrames.pop_back();
    enc.closeQuantifier(cellMark);
    binders.resize(binderMark);
    atomGuards.resize(atomMark);
    enc.guards.resize(guardMark);
    enc.restore(saved);
    return;
  }
  if (e.kind == ir::ExprKind::Perm || e.kind == ir::ExprKind::PointsTo) {
    const ir::Expr &loc = *e.args[0];
    if (loc.userTrigger)
      vc_.unsupported(loc.range, "a trigger on a permission's location (kprove chooses the "
                                 "triggers of quantified permissions)");
    const ir::Expr *root = loc.kind == ir::ExprKind::Index ? ir::arrayRoot(*loc.args[0]) : nullptr;
    if (!root) {
      vc_.unsupported(loc.range, "permission to something other than an array element");
      return;
    }
    Atom a = base(Atom::Kind::Perm);
    a.arrayName = root->name;
    a.ref = enc.encode(*loc.args[0]); // a row of a 2-D array: rowOf(m, i)
    a.index = enc.encode(*loc.args[1]);
    const std::string spelled = vc_.spelling(*loc.args[0]);
    enc.require(neq(a.ref, nullRef()), DiagCode::Null, loc.args[0]->range,
                fmt::format("array '{}' may be null", spelled));
    enc.require(land(le(intConst(0), a.index), lt(a.index, lengthOf(a.ref))), DiagCode::Bounds,
                loc.args[1]->range,
                fmt::format("permission to an element outside the bounds of '{}'", spelled));
    a.amount = toReal(enc.encode(*e.args[1]));
    enc.require(le(realConst(0, 1), a.amount), DiagCode::PermNegative, e.args[1]->range,
                "the permission amount may be negative");
    out.push_back(a);
    if (opts.reads == ReadCheck::Framing) {
      // Later reads of this instance are framed by it.
      T old = select(st.mask, a.ref, a.index);
      st.mask =
          store(st.mask, a.ref, a.index, add(old, ite(land(a.guards), a.amount, realConst(0, 1))));
    }
    if (e.kind == ir::ExprKind::PointsTo) {
      Atom v = base(Atom::Kind::Pure);
      v.formula = eq(select(st.heap, a.ref, a.index), enc.encode(*e.args[2]));
      v.readsArrays = true;
      v.arraysRead = {a.arrayName};
      out.push_back(v);
    }
    return;
  }
  if (e.type == ir::Type::Resource) {
    vc_.unsupported(e.range, "this form of resource formula");
    return;
  }
  Atom a = base(Atom::Kind::Pure);
  if (mentionsOther(e)) {
    a.relational = true;
    a.formula = vc_.pair ? enc.encode(e) : boolConst(true);
    out.push_back(a);
    return;
  }
  a.formula = enc.encode(e);
  arraysReadBy(e, a.arraysRead);
  a.readsArrays = !a.arraysRead.empty();
  out.push_back(a);
}

void ResourceEngine::inhale(const ir::Expr &formula, State &st, const ResourceOptions &opts) {
  // Top-level conjuncts one by one, so that each is framed by those before it.
  std::vector<ir::ExprPtr> parts;
  auto self = std::make_shared<ir::Expr>(formula);
  splitConjuncts(self, parts);
  for (const ir::ExprPtr &p : parts)
    inhaleAtoms(flatten(*p, st, opts), st, opts);
}

void ResourceEngine::inhaleAtoms(const std::vector<Atom> &atoms, State &st,
                                 const ResourceOptions &opts) {
  for (const Atom &a : atoms) {
    if (opts.filter && !opts.filter(a))
      continue;
    if (a.relational) { // about two threads: kept at a loop's head only (two_thread.h)
      if (opts.keepPairClaims && vc_.pair && a.binders.empty())
        st.pairAssumptions.push_back(pairAssumption(implies(land(a.guards), a.formula)));
      continue;
    }
    if (a.kind == Atom::Kind::Perm)
      applyPerm(a, st, true, nullptr, opts.assumeBounded);
    else
      applyPure(a, st, true, nullptr);
  }
}

void ResourceEngine::exhale(const ir::Expr &formula, State &st, const ExhaleBlame &blame,
                            const ResourceOptions &opts, bool commit) {
  std::vector<Atom> atoms = flatten(formula, st, opts);
  if (opts.filter) {
    std::vector<Atom> kept;
    for (Atom &a : atoms)
      if (opts.filter(a))
        kept.push_back(std::move(a));
    atoms = std::move(kept);
  }
  exhaleAtoms(atoms, st, blame, commit);
}

void ResourceEngine::exhaleAtoms(const std::vector<Atom> &atoms, State &st,
                                 const ExhaleBlame &blame, bool commit) {
  T heap0 = st.heap, mask0 = st.mask;
  for (const Atom &a : atoms) {
    if (a.kind == Atom::Kind::Perm)
      applyPerm(a, st, false, &blame, false);
    else
      applyPure(a, st, false, &blame);
  }
  if (!commit) {
    st.mask = mask0;
    return;
  }
  havocUnowned(st, heap0);
}

void ResourceEngine::havocUnowned(State &st, const T &oldHeap) {
  T h = vc_.freshVar("heap", Sort::Heap);
  T r = var("r$", Sort::Ref), i = var("i$", Sort::Int);
  T sel = select(h, r, i);
  st.assume(
      forall({{"r$", Sort::Ref}, {"i$", Sort::Int}},
             implies(lt(realConst(0, 1), select(st.mask, r, i)), eq(sel, select(oldHeap, r, i))),
             {{sel}}));
  st.heap = h;
}

void ResourceEngine::inhaleWholeArray(State &st, const std::string &name, SourceRange range) {
  Atom full;
  full.kind = Atom::Kind::Perm;
  T j = vc_.freshVar("j", Sort::Int);
  full.ref = st.vars.at(name);
  full.binders = {{j, intConst(0), lengthOf(full.ref)}};
  full.index = j;
  full.amount = realConst(1, 1);
  full.arrayName = name;
  full.range = range;
  inhaleAtoms({full}, st, {});
}

void ResourceEngine::havocShared(State &st, const std::vector<T> &arrays) {
  if (arrays.empty())
    return;
  T h = vc_.freshVar("heap", Sort::Heap);
  T r = var("r$", Sort::Ref), i = var("i$", Sort::Int);
  T sel = select(h, r, i);
  std::vector<T> other;
  for (const T &a : arrays)
    other.push_back(neq(r, a));
  T keep = lor(eq(select(st.mask, r, i), realConst(1, 1)), land(other));
  st.assume(forall({{"r$", Sort::Ref}, {"i$", Sort::Int}},
                   implies(keep, eq(sel, select(st.heap, r, i))), {{sel}}));
  st.heap = h;
}

void ResourceEngine::checkSelfFraming(const ir::Expr &formula, const State &st) {
  State f = st;
  f.heap = vc_.freshVar("heap", Sort::Heap);
  f.mask = vc_.zeroMask(f);
  ResourceOptions o;
  o.reads = ReadCheck::Framing;
  inhale(formula, f, o);
}

void ResourceEngine::checkBounded(State &st, SourceRange range, std::string message) {
  T r = vc_.freshVar("ref", Sort::Ref), i = vc_.freshVar("idx", Sort::Int);
  vc_.check(st, {}, le(select(st.mask, r, i), realConst(1, 1)), DiagCode::Resources, range,
            std::move(message));
}

namespace {
Atom pinBlockBindersInForall(Atom a); // below, with the other binder eliminations
} // namespace

// A claim about this thread and a second one (vcgen/two_thread.h), exhaled: checked
// with the second thread's facts (inhaleAtoms keeps or drops it).
void ResourceEngine::checkRelational(const Atom &a, State &st, const ExhaleBlame &blame) {
  auto [range, notes] = blameFor(blame, a.range);
  if (!vc_.pair) {
    vc_.unsupported(range, kNoSecondThread);
    return;
  }
  std::vector<T> conds = a.guards;
  for (const QBinder &b : a.binders)
    conds.push_back(rangeOf(b));
  vc_.check(st, pairFacts(st, vc_.pairVars ? *vc_.pairVars : st.vars, *vc_.pair, vc_.pairPoint),
            implies(land(conds), a.formula),
            blame.pureCode, range,
            fmt::format("{} may not hold", blame.what.empty() ? "this" : blame.what), notes);
}

void ResourceEngine::applyPure(const Atom &original, State &st, bool inhale,
                               const ExhaleBlame *blame) {
  if (original.relational) {
    checkRelational(original, st, *blame); // inhaleAtoms never passes one
    return;
  }
  const Atom a = inhale ? pinBlockBindersInForall(original) : original;
  // A binder the fact does not mention only asks for its range to be non-empty:
  // `(\forall* threads; n == 16)` is `n == 16` when there is a thread, with no
  // quantifier the solver would have to instantiate.
  std::vector<T> conds;
  for (const QBinder &b : a.binders) {
    bool mentioned = mentions(a.formula, b.skolem->name);
    for (const T &g : a.guards)
      mentioned = mentioned || mentions(g, b.skolem->name);
    if (mentioned)
      conds.push_back(rangeOf(b));
    else if (b.lo)
      conds.push_back(lt(*b.lo, *b.hi));
  }
  for (const T &g : a.guards)
    conds.push_back(g);
  T body = implies(land(conds), a.formula);
  if (!inhale) {
    auto [range, notes] = blameFor(*blame, a.range);
    vc_.check(st, {}, body, blame->pureCode, range,
              fmt::format("{} may not hold", blame->what.empty() ? "this" : blame->what), notes);
    return;
  }
  std::vector<BoundVar> bound;
  std::vector<std::pair<std::string, T>> sub;
  for (const QBinder &b : a.binders) {
    if (!mentions(body, b.skolem->name))
      continue;
    std::string bn = b.skolem->name + "$q";
    bound.push_back({bn, b.skolem->sort});
    sub.emplace_back(b.skolem->name, var(bn, b.skolem->sort));
  }
  T inst = substitute(body, sub);
  if (!a.triggers.empty()) {
    ExprEncoder enc(vc_, st);
    st.assume(forall(bound, inst, enc.userPatterns(a.triggers, sub, bound)));
    return;
  }
  // Triggers: reads `heap[ref][x]` of a named heap at a bound variable x, or with
  // the index's arithmetic moved into the bound variable (vcgen/triggers.h): Z3
  // never matches a read at an arithmetic index (d[g*64 + l]) itself.
  if (bound.size() == 1)
    st.assume(forallWithMemoryTriggers(bound[0], inst));
  else
    st.assume(forallWithIndexForms(bound, inst));
}

namespace {
// Thread-id arithmetic in closed form. An index that is linear in the binders,
// `offset + c_1*b_1 + ... + c_n*b_n` with binder-free coefficients ordered so that
// 0 < c_1, each c_i dividing c_{i+1}, and every binder but the highest ranging
// over a range of binder-free width w_i with c_i * w_i <= c_{i+1}, is a
// mixed-radix number: it is injective, and its inverse is digit extraction by div
// and mod. Such permissions need neither an injectivity obligation nor
// uninterpreted inverse functions, which the solver handles poorly on 2-D and 3-D
// thread ids (get_local_id(1) * 16 + get_local_id(0)), on chunks (gid * k + j),
// on rows of a symbolic width (row * N + col) and on a scan's blocks
// (2 * offset * t + j). With literal coefficients and widths the conditions are
// checked here; with symbolic ones they are `cond`, a binder-free formula the
// caller must not take for granted (where it fails, the inverse is uninterpreted).
struct Linear {
  std::map<std::string, T> coeff; // binder -> binder-free coefficient
  T offset = intConst(0);         // binder-free part
  // Binder-free conditions under which the C wrap-arounds (`wrap$u64(c * t)`, an
  // unsigned annotation's product) inside the index are the identity for every
  // instance in the binders' ranges.
  std::vector<T> noWrap;
};

bool mentionsBinder(const T &t, const std::vector<QBinder> &bs) {
  for (const QBinder &b : bs)
    if (mentions(t, b.skolem->name))
      return true;
  return false;
}

// The C integer type a `wrap$u64` / `wrap$i32` function wraps into.
std::optional<ir::IntType> wrapType(const T &t) {
  if (t->op != Op::App || t->args.size() != 1 || t->name.rfind("wrap$", 0) != 0 ||
      t->name.size() < 7 || (t->name[5] != 'u' && t->name[5] != 'i'))
    return std::nullopt;
  int bits = std::atoi(t->name.c_str() + 6);
  if (bits <= 0 || bits > 64)
    return std::nullopt;
  return ir::IntType{uint8_t(bits), t->name[5] == 'i'};
}

std::optional<Linear> linearize(const T &t, const std::vector<QBinder> &bs);

// `wrap(x)` with x linear in the binders is x where x stays in the type's range:
// for positive coefficients x is smallest at the binders' lower bounds and
// largest at their upper ones, so the condition is binder-free.
std::optional<Linear> linearizeWrap(const T &inner, ir::IntType type,
                                    const std::vector<QBinder> &bs) {
  auto l = linearize(inner, bs);
  if (!l)
    return std::nullopt;
  T least = l->offset, most = l->offset;
  for (const auto &[name, c] : l->coeff) {
    auto b = std::find_if(bs.begin(), bs.end(),
                          [&](const QBinder &q) { return q.skolem->name == name; });
    if (b == bs.end() || !b->lo || !b->hi || (c->op == Op::IntConst && c->num <= 0))
      return std::nullopt;
    if (c->op != Op::IntConst)
      l->noWrap.push_back(lt(intConst(0), c));
    least = add(least, mul(c, *b->lo));
    most = add(most, mul(c, sub(*b->hi, intConst(1))));
  }
  l->noWrap.push_back(inRange(least, type));
  l->noWrap.push_back(inRange(most, type));
  return l;
}

std::optional<Linear> linearize(const T &t, const std::vector<QBinder> &bs) {
  if (!mentionsBinder(t, bs)) {
    Linear l;
    l.offset = t;
    return l;
  }
  if (t->op == Op::Var) {
    Linear l;
    l.coeff[t->name] = intConst(1);
    return l;
  }
  if (auto type = wrapType(t))
    return linearizeWrap(t->args[0], *type, bs);
  auto scale = [](Linear l, const T &k) {
    for (auto &[n, c] : l.coeff)
      c = mul(c, k);
    if (!(l.offset->op == Op::IntConst && l.offset->num == 0)) // 0 * N stays 0
      l.offset = mul(l.offset, k);
    return l;
  };
  if (t->op == Op::Neg) {
    auto a = linearize(t->args[0], bs);
    return a ? std::optional(scale(*a, intConst(-1))) : std::nullopt;
  }
  if (t->op == Op::Add || t->op == Op::Sub) {
    auto a = linearize(t->args[0], bs), b = linearize(t->args[1], bs);
    if (!a || !b)
      return std::nullopt;
    if (t->op == Op::Sub)
      b = scale(*b, intConst(-1));
    for (auto &[n, c] : b->coeff) {
      auto it = a->coeff.find(n);
      a->coeff[n] = it == a->coeff.end() ? c : add(it->second, c);
    }
    a->offset = add(a->offset, b->offset);
    a->noWrap.insert(a->noWrap.end(), b->noWrap.begin(), b->noWrap.end());
    return a;
  }
  if (t->op == Op::Mul && t->args.size() == 2) {
    for (int side : {0, 1})
      if (!mentionsBinder(t->args[side], bs)) {
        auto a = linearize(t->args[1 - side], bs);
        return a ? std::optional(scale(*a, t->args[side])) : std::nullopt;
      }
  }
  return std::nullopt;
}

// `t` with every wrap-around whose argument is linear in the binders (positive
// coefficients) replaced by its argument; `conds` gets the binder-free conditions
// under which that changes nothing for the instances in the binders' ranges.
// Quantifiers inside `t` are left alone.
T dewrap(const T &t, const std::vector<QBinder> &bs, std::vector<T> &conds) {
  if (t->args.empty() || !mentionsBinder(t, bs) || t->op == Op::Forall || t->op == Op::Exists)
    return t;
  if (auto type = wrapType(t)) {
    auto l = linearizeWrap(t->args[0], *type, bs);
    if (!l)
      return t;
    conds.insert(conds.end(), l->noWrap.begin(), l->noWrap.end());
    return dewrap(t->args[0], bs, conds);
  }
  auto copy = std::make_shared<Term>(*t);
  for (T &a : copy->args)
    a = dewrap(a, bs, conds);
  return copy;
}

struct ClosedInverse {
  T image;             // of r: r is some instance's index (given the ranges hold)
  std::vector<T> invs; // of r: the binder values, in the order of `used`
  T cond;              // binder-free: the inverse is right where this holds
};

bool isLiteral(const T &t, int64_t &v) {
  if (t->op != Op::IntConst)
    return false;
  v = t->num;
  return true;
}

// `big` is syntactically `small` times something (or equal to it).
bool syntacticMultiple(const T &big, const T &small) {
  std::string s = toString(small);
  if (toString(big) == s)
    return true;
  return big->op == Op::Mul &&
         (syntacticMultiple(big->args[0], small) || syntacticMultiple(big->args[1], small));
}

std::optional<ClosedInverse> closedInverse(const T &index, const std::vector<QBinder> &used,
                                           const T &r) {
  auto lin = linearize(index, used);
  if (!lin)
    return std::nullopt;
  struct Digit {
    size_t binder;
    T coeff;
    T width; // only the lower digits' widths are used
  };
  std::vector<Digit> digits;
  T base = sub(r, lin->offset);
  for (size_t i = 0; i < used.size(); ++i) {
    const QBinder &b = used[i];
    auto c = lin->coeff.find(b.skolem->name);
    int64_t v;
    if (c == lin->coeff.end() || !b.lo || !b.hi || (isLiteral(c->second, v) && v <= 0))
      return std::nullopt;
    digits.push_back({i, c->second, sub(*b.hi, *b.lo)});
    base = sub(base, mul(c->second, *b.lo));
  }
  // Literal coefficients first, by value; then symbolic ones, smaller terms first
  // (1, N, N * M): the order in which a mixed-radix number's digits weigh.
  auto weight = [](const T &c) {
    int64_t v;
    return isLiteral(c, v) ? std::pair<int, int64_t>{0, v}
                           : std::pair<int, int64_t>{1, int64_t(toString(c).size())};
  };
  std::stable_sort(digits.begin(), digits.end(), [&](const Digit &x, const Digit &y) {
    return weight(x.coeff) < weight(y.coeff);
  });
  std::vector<T> conds = lin->noWrap;
  for (size_t i = 0; i < digits.size(); ++i) {
    const T &c = digits[i].coeff;
    int64_t cv, wv, nv, span;
    if (!isLiteral(c, cv)) {
      // Only for one thread's block of symbolic width (`2 * offset * t + j`, j the
      // user's `\forall* int j`): measured, div and mod by a variable elsewhere
      // cost more than they give. Over thread ids alone (`g * lsz + l`), failing
      // resources checks went unknown (the solver searching for a model through
      // them: blur_fraction_raised.cu 1 s -> 44 s); over a group and a local id
      // as well (`(g * lsz + l) * k + j`), the chunk kernels' proved resources
      // checks did (search_goto.cl 1.4 s -> 61 s). The group/local pair has its
      // own closed form (eliminateDigitPair).
      size_t threadBinders = size_t(
          std::count_if(used.begin(), used.end(), [](const QBinder &b) { return b.overThreads; }));
      if (threadBinders != 1 || threadBinders == used.size())
        return std::nullopt;
      conds.push_back(lt(intConst(0), c));
    }
    if (i + 1 == digits.size())
      break;
    const T &w = digits[i].width, &next = digits[i + 1].coeff;
    if (mentionsBinder(w, used))
      return std::nullopt;
    if (isLiteral(c, cv) && isLiteral(w, wv) && isLiteral(next, nv)) {
      if (wv <= 0 || __builtin_mul_overflow(cv, wv, &span) || span > nv || nv % cv != 0)
        return std::nullopt;
      continue;
    }
    T spanT = mul(c, w);
    if (toString(spanT) != toString(next))
      conds.push_back(le(spanT, next));
    bool divides = (isLiteral(c, cv) && cv == 1) || syntacticMultiple(next, c) ||
                   (isLiteral(c, cv) && isLiteral(next, nv) && nv % cv == 0);
    if (!divides)
      conds.push_back(eq(mod(next, c), intConst(0)));
  }
  ClosedInverse out;
  out.cond = land(conds);
  out.invs.resize(used.size());
  // Division by a literal 1 and a lower bound 0 are left out: the solver's
  // arithmetic sees `r - o` rather than `0 + (r - o) div 1`.
  auto isOne = [](const T &t) { return t->op == Op::IntConst && t->num == 1; };
  for (size_t i = 0; i < digits.size(); ++i) {
    T part = i + 1 < digits.size() ? mod(base, digits[i + 1].coeff) : base;
    T digit = isOne(digits[i].coeff) ? part : div(part, digits[i].coeff);
    const T &lo = *used[digits[i].binder].lo;
    out.invs[digits[i].binder] = lo->op == Op::IntConst && lo->num == 0 ? digit : add(lo, digit);
  }
  out.image = isOne(digits[0].coeff)
                  ? le(intConst(0), base)
                  : land(le(intConst(0), base), eq(mod(base, digits[0].coeff), intConst(0)));
  return out;
}

// `e == x * W + y` with binders x in [0, M) and y in [0, W) that neither the location
// nor e mentions: the thread ids of a global id (`grp * lsz + lid`), pinned by a
// guard such as `i % get_global_size(0) == get_global_id(0)` (a grid-stride
// footprint). For W > 0 the pair is unique: y := e mod W, x := e div W, and their
// ranges become `0 <= e && e div W < M`. Returns false when `g` is not of that form.
bool eliminateDigitPair(Atom &a, size_t g) {
  const T &c = a.guards[g];
  if (c->op != Op::Eq)
    return false;
  auto binderAt = [&](const T &t) -> std::optional<size_t> {
    if (t->op != Op::Var)
      return std::nullopt;
    for (size_t k = 0; k < a.binders.size(); ++k)
      if (a.binders[k].skolem->name == t->name)
        return k;
    return std::nullopt;
  };
  for (int side : {0, 1}) {
    const T &sum = c->args[side], &e = c->args[1 - side];
    if (sum->op != Op::Add)
      continue;
    for (int low : {0, 1}) {
      std::optional<size_t> y = binderAt(sum->args[low]);
      const T &prod = sum->args[1 - low];
      if (!y || prod->op != Op::Mul)
        continue;
      for (int f : {0, 1}) {
        std::optional<size_t> x = binderAt(prod->args[f]);
        const T &width = prod->args[1 - f];
        if (!x || *x == *y)
          continue;
        const QBinder &bx = a.binders[*x], &by = a.binders[*y];
        const std::string &xn = bx.skolem->name, &yn = by.skolem->name;
        if (!bx.lo || !by.lo || !bx.hi || !by.hi || toString(*bx.lo) != "0" ||
            toString(*by.lo) != "0" || toString(*by.hi) != toString(width) || mentions(width, xn) ||
            mentions(width, yn) || mentions(e, xn) || mentions(e, yn) || mentions(a.index, xn) ||
            mentions(a.index, yn) || mentions(a.ref, xn) || mentions(a.ref, yn) ||
            mentions(*bx.hi, yn))
          return false;
        T hiX = *bx.hi;
        std::vector<std::pair<std::string, T>> sub{{yn, mod(e, width)}, {xn, div(e, width)}};
        a.guards[g] = land({lt(intConst(0), width), le(intConst(0), e), lt(div(e, width), hiX)});
        for (size_t k = 0; k < a.guards.size(); ++k)
          if (k != g)
            a.guards[k] = substitute(a.guards[k], sub);
        a.amount = substitute(a.amount, sub);
        size_t first = std::max(*x, *y), second = std::min(*x, *y);
        a.binders.erase(a.binders.begin() + static_cast<std::ptrdiff_t>(first));
        a.binders.erase(a.binders.begin() + static_cast<std::ptrdiff_t>(second));
        return true;
      }
    }
  }
  return false;
}

// `x == e ==> Perm(loc, p)` with x a binder the location does not mention (thread 0 of
// every group writes out[group]): only one x counts, so x := e. Returns the atom
// with such binders eliminated (their range becomes a guard on e).
// `W * x + o <= e && e < W * x + o + W` (a block of W values per x, e.g. VerCors's
// `par (int k = 0..M) context (\forall* int i; k*N <= i && i < (k+1)*N; ...)`),
// with x unused by the location: x is (e - o) div W, and the pair holds exactly
// when W > 0. Returns the guards' positions and x's value.
struct BlockPin {
  size_t lower, upper;
  T value, positive;
  T element, offset, width; // e, o, W
};
std::optional<BlockPin> blockPin(const Atom &a, const QBinder &b) {
  const std::string &x = b.skolem->name;
  std::vector<QBinder> only{b};
  for (size_t i = 0; i < a.guards.size(); ++i) {
    const T &lo = a.guards[i];
    if (lo->op != Op::Le || mentions(lo->args[1], x) || !mentions(lo->args[0], x))
      continue;
    auto low = linearize(lo->args[0], only);
    if (!low || !low->noWrap.empty() || !low->coeff.count(x))
      continue;
    const T &e = lo->args[1], &w = low->coeff[x];
    for (size_t j = 0; j < a.guards.size(); ++j) {
      const T &up = a.guards[j];
      if (up->op != Op::Lt || toString(up->args[0]) != toString(e))
        continue;
      auto high = linearize(up->args[1], only);
      if (!high || !high->noWrap.empty() || !high->coeff.count(x) ||
          toString(high->coeff[x]) != toString(w) ||
          (toString(sub(high->offset, low->offset)) != toString(w) &&
           toString(high->offset) != toString(add(low->offset, w))))
        continue;
      return BlockPin{i, j, div(sub(e, low->offset), w), lt(intConst(0), w), e, low->offset, w};
    }
  }
  return std::nullopt;
}

Atom eliminatePinnedBinders(Atom a) {
  // Conjuncts one by one (`d == 1 && t == 0`): each may pin or bound a binder.
  std::vector<T> flat;
  std::function<void(const T &)> split = [&](const T &g) {
    if (g->op == Op::And)
      for (const T &c : g->args)
        split(c);
    else
      flat.push_back(g);
  };
  for (const T &g : a.guards)
    split(g);
  a.guards = std::move(flat);
  for (size_t g = 0; g < a.guards.size(); ++g)
    while (g < a.guards.size() && eliminateDigitPair(a, g)) {
    }
  for (size_t i = 0; i < a.binders.size();) {
    const QBinder &b = a.binders[i];
    const std::string &x = b.skolem->name;
    std::optional<T> value;
    size_t at = 0;
    if (!mentions(a.index, x) && !mentions(a.ref, x))
      for (size_t g = 0; g < a.guards.size() && !value; ++g) {
        const T &c = a.guards[g];
        if (c->op != Op::Eq)
          continue;
        for (int side : {0, 1}) {
          const T &v = c->args[side], &e = c->args[1 - side];
          if (v->op == Op::Var && v->name == x && !mentions(e, x)) {
            value = e;
            at = g;
            break;
          }
        }
      }
    if (!value && !mentions(a.index, x) && !mentions(a.ref, x)) {
      if (auto pin = blockPin(a, b)) {
        std::vector<std::pair<std::string, T>> sub{{x, pin->value}};
        // x's range, lo <= (e - o) div W < hi, is (W > 0) lo*W + o <= e < hi*W + o:
        // linear in e, and the solver meets the caller's own `i < M*N` there, not a
        // division it must relate to a product.
        T inRange = tru();
        if (b.lo)
          inRange = land(le(add(mul(*b.lo, pin->width), pin->offset), pin->element),
                         lt(pin->element, add(mul(*b.hi, pin->width), pin->offset)));
        a.guards[pin->lower] = land(pin->positive, inRange);
        a.guards.erase(a.guards.begin() + static_cast<std::ptrdiff_t>(pin->upper));
        for (T &g : a.guards)
          g = substitute(g, sub);
        a.amount = substitute(a.amount, sub);
        a.binders.erase(a.binders.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
    }
    if (!value) {
      ++i;
      continue;
    }
    std::vector<std::pair<std::string, T>> sub{{x, *value}};
    T range = b.lo ? land(le(*b.lo, *value), lt(*value, *b.hi)) : tru();
    a.guards[at] = range;
    for (T &g : a.guards)
      g = substitute(g, sub);
    a.amount = substitute(a.amount, sub);
    a.binders.erase(a.binders.begin() + static_cast<std::ptrdiff_t>(i));
  }
  return a;
}
// A pure fact `\forall i; W*k + o <= i && i < W*k + o + W; P` of every k in [lo, hi)
// (a par block's ensures over its own block of cells, VerCors's `par (int k = 0..M)
// ensures (\forall int i; k*N <= i && i < (k+1)*N; a[i] == ...)`): the one k whose
// block holds i is (i - o) div W, so the facts of all k are
// `\forall i; W > 0 && lo*W + o <= i < hi*W + o; P[k := (i - o) div W]`, which the
// solver instantiates at i alone instead of guessing k (nonlinear: k*N <= i).
Atom pinBlockBindersInForall(Atom a) {
  for (size_t bi = 0; bi < a.binders.size();) {
    const QBinder b = a.binders[bi];
    const std::string &x = b.skolem->name;
    const T q = a.formula;
    bool ok =
        b.lo && b.hi && q->op == Op::Forall && !q->args.empty() && q->args[0]->op == Op::Implies;
    for (const T &g : a.guards)
      ok = ok && !mentions(g, x);
    for (const ExprEncoder::UserTrigger &t : a.triggers)
      ok = ok && !mentions(t.term, x);
    if (ok)
      for (const std::vector<T> &ps : q->patterns)
        for (const T &p : ps)
          ok = ok && !mentions(p, x);
    if (!ok) {
      ++bi;
      continue;
    }
    Atom probe;
    std::function<void(const T &)> split = [&](const T &g) {
      if (g->op == Op::And)
        for (const T &c : g->args)
          split(c);
      else
        probe.guards.push_back(g);
    };
    split(q->args[0]->args[0]);
    std::optional<BlockPin> pin = blockPin(probe, b);
    if (!pin || mentions(pin->element, x)) {
      ++bi;
      continue;
    }
    std::vector<T> conds = probe.guards;
    conds[pin->lower] =
        land(pin->positive, land(le(add(mul(*b.lo, pin->width), pin->offset), pin->element),
                                 lt(pin->element, add(mul(*b.hi, pin->width), pin->offset))));
    conds.erase(conds.begin() + static_cast<std::ptrdiff_t>(pin->upper));
    std::vector<std::pair<std::string, T>> sub{{x, pin->value}};
    for (T &c : conds)
      c = substitute(c, sub);
    a.formula =
        forall(q->bound, implies(land(conds), substitute(q->args[0]->args[1], sub)), q->patterns);
    a.binders.erase(a.binders.begin() + static_cast<std::ptrdiff_t>(bi));
  }
  return a;
}
} // namespace

void ResourceEngine::applyPerm(const Atom &original, State &st, bool inhale,
                               const ExhaleBlame *blame, bool assumeBounded) {
  const Atom a = eliminatePinnedBinders(original);
  std::vector<QBinder> used, unused;
  for (const QBinder &b : a.binders)
    (mentions(a.index, b.skolem->name) || mentions(a.ref, b.skolem->name) ? used : unused)
        .push_back(b);
  // The array itself depends on the binders (rows of a 2-D array, `m[i][j]`): the
  // location is the pair, and the inverse functions take both.
  const bool refVaries = mentionsAny(a.ref, used);
  // Locations independent of some binders: scale by how many values they take. A
  // guard bounding such a binder (`t < 1 ==> Perm(a[0], p)`: one thread of the block)
  // narrows its range first, unless the bound names another such binder: `j < t`
  // counts the pairs of a triangle, not a product of widths, and taking it as the
  // latter left j free in the count, a different amount per model of j (red team,
  // tests/redteam/inverses/triangle_count_*); such a guard stays, and the binders it
  // names are then not countable (unsupported).
  T count = intConst(1);
  std::vector<T> guards = a.guards;
  for (const QBinder &b : unused) {
    const std::string &x = b.skolem->name;
    std::optional<T> lo = b.lo, hi = b.hi;
    for (auto g = guards.begin(); lo && g != guards.end();) {
      const T &c = *g;
      bool bound = (c->op == Op::Lt || c->op == Op::Le) && c->args.size() == 2;
      if (bound && c->args[0]->op == Op::Var && c->args[0]->name == x && !mentions(c->args[1], x) &&
          !mentionsAny(c->args[1], unused)) { // x < e, x <= e
        T e = c->op == Op::Lt ? c->args[1] : add(c->args[1], intConst(1));
        hi = ite(lt(e, *hi), e, *hi);
      } else if (bound && c->args[1]->op == Op::Var && c->args[1]->name == x &&
                 !mentions(c->args[0], x) && !mentionsAny(c->args[0], unused)) { // e < x, e <= x
        T e = c->op == Op::Lt ? add(c->args[0], intConst(1)) : c->args[0];
        lo = ite(lt(*lo, e), e, *lo);
      } else {
        ++g;
        continue;
      }
      g = guards.erase(g);
    }
    bool countable = lo.has_value();
    for (const T &g : guards)
      countable = countable && !mentions(g, x);
    countable = countable && !mentions(a.amount, x);
    if (!countable) {
      vc_.unsupported(
          a.range,
          b.overThreads
              ? std::string("a permission every thread claims (in a par block's, a kernel's "
                            "or a barrier's contract) to a location that does not depend on the "
                            "thread, under a condition on the thread other than bounds "
                            "(`t < k ==> ...`)")
              : std::string("a \\forall* whose location does not depend on its bound variable "
                            "and whose range is not 'lo <= x && x < hi'"));
      return;
    }
    T width = sub(*hi, *lo);
    count = mul(count, ite(lt(intConst(0), width), width, intConst(0)));
  }
  T amount = mul(a.amount, toReal(count));
  std::vector<T> conds;
  for (const QBinder &b : used)
    conds.push_back(rangeOf(b));
  for (const T &g : guards)
    conds.push_back(g);
  T guard = land(conds);
  T zero = realConst(0, 1);
  T cur = select(st.mask, a.ref, a.index);
  if (!inhale) {
    auto [range, notes] = blameFor(*blame, a.range);
    if (auto kept = st.keptByPar.find(a.arrayName); kept != st.keptByPar.end())
      notes.push_back({kept->second, kKeptByParHint});
    vc_.check(st, {}, implies(guard, le(amount, cur)), blame->permCode, range,
              fmt::format("insufficient permission to {} for {}", locationName(a.arrayName),
                          blame->what.empty() ? "this" : blame->what),
              notes);
  }
  auto sign = [&](const T &m, const T &d) { return inhale ? add(m, d) : sub(m, d); };
  if (used.empty()) {
    T next = vc_.nameMask(st, store(st.mask, a.ref, a.index, sign(cur, ite(guard, amount, zero))));
    st.mask = next;
    if (inhale && assumeBounded)
      st.assume(le(select(next, a.ref, a.index), realConst(1, 1)));
    return;
  }
  std::string tag = vc_.fresh("qp");
  T r = var("r$" + tag, Sort::Int);
  T ref = var("ref$" + tag, Sort::Ref);
  std::optional<ClosedInverse> closed = refVaries ? std::nullopt : closedInverse(a.index, used, r);
  // `exact`: the closed form holds unconditionally. A closed form with symbolic
  // coefficients holds where its condition does; elsewhere (`fallback`) the
  // injectivity obligation and the uninterpreted inverses below apply.
  T active = land(guard, lt(zero, amount));
  // Where the closed form is conditional, the instances' C wrap-arounds are the
  // identity under its condition too: the solver then sees `(int)t < d`, not a
  // wrap$i32 it must unfold at each inverse.
  T activeClosed = active;
  if (closed && !isTrue(closed->cond)) {
    std::vector<T> conds{closed->cond};
    activeClosed = dewrap(active, used, conds);
    closed->cond = land(conds);
  }
  bool exact = closed && isTrue(closed->cond);
  T fallback = closed ? lnot(closed->cond) : tru();
  // The arguments of the inverse functions: the index, or the array and the index.
  auto location = [&](const T &array, const T &index) {
    return refVaries ? std::vector<T>{array, index} : std::vector<T>{index};
  };
  // Injectivity: two different instances never name the same location (holds by
  // construction for a closed-form index).
  std::vector<std::pair<std::string, T>> toCopy;
  T differ = fls();
  for (const QBinder &b : used) {
    T c = vc_.freshVar(b.skolem->name, Sort::Int);
    toCopy.emplace_back(b.skolem->name, c);
    differ = lor(differ, neq(b.skolem, c));
  }
  T guard2 = substitute(guard, toCopy), index2 = substitute(a.index, toCopy),
    amount2 = substitute(amount, toCopy), ref2 = substitute(a.ref, toCopy);
  if (!exact) {
    // The witness: the two instances (threads) and the element both claim.
    std::vector<WitnessItem> pair;
    for (size_t k = 0; k < used.size(); ++k) {
      std::string name = vc_.displayName(used[k].skolem->name);
      if (!name.empty())
        pair.push_back({name + " = {0} and {1}", {used[k].skolem, toCopy[k].second}});
    }
    if (refVaries)
      pair.push_back({"both claim column {0} of a row of " + a.arrayName, {a.index}});
    else
      pair.push_back({"both claim " + a.arrayName + "[{0}]", {a.index}});
    vc_.check(st, {},
              implies(land({fallback, guard, guard2, lt(zero, amount), lt(zero, amount2), differ}),
                      lor(neq(a.ref, ref2), neq(a.index, index2))),
              DiagCode::Injectivity, a.range, injectivityMessage(used, a.arrayName), {},
              std::move(pair));
  }
  // Inverse functions: inv_k(index(B)) = B_k on the image of the index.
  std::vector<BoundVar> bound;
  std::vector<std::pair<std::string, T>> toBound, toInverse;
  std::vector<std::pair<std::string, T>> toUninterpreted;
  T imgU = app("img$" + tag, Sort::Bool, location(ref, r));
  T img = exact ? closed->image : closed ? ite(closed->cond, closed->image, imgU) : imgU;
  for (size_t k = 0; k < used.size(); ++k) {
    std::string bn = used[k].skolem->name + "$q";
    bound.push_back({bn, Sort::Int});
    toBound.emplace_back(used[k].skolem->name, var(bn, Sort::Int));
    T invU = app(fmt::format("inv{}${}", k, tag), Sort::Int, location(ref, r));
    toUninterpreted.emplace_back(used[k].skolem->name, invU);
    toInverse.emplace_back(used[k].skolem->name, exact    ? closed->invs[k]
                                                 : closed ? ite(closed->cond, closed->invs[k], invU)
                                                          : invU);
  }
  T idxB = substitute(a.index, toBound), refB = substitute(a.ref, toBound);
  T activeInv = land(img, substitute(active, toInverse));
  if (closed && !exact) {
    std::vector<std::pair<std::string, T>> toClosed;
    for (size_t k = 0; k < used.size(); ++k)
      toClosed.emplace_back(used[k].skolem->name, closed->invs[k]);
    activeInv = ite(closed->cond, land(closed->image, substitute(activeClosed, toClosed)),
                    land(imgU, substitute(active, toUninterpreted)));
  }
  if (!exact) {
    std::vector<T> invEqs;
    for (size_t k = 0; k < used.size(); ++k)
      invEqs.push_back(eq(app(fmt::format("inv{}${}", k, tag), Sort::Int, location(refB, idxB)),
                          toBound[k].second));
    T imgB = app("img$" + tag, Sort::Bool, location(refB, idxB));
    invEqs.push_back(imgB);
    st.assume(
        forall(bound, implies(land(fallback, substitute(active, toBound)), land(invEqs)),
               {{app(fmt::format("inv0${}", tag), Sort::Int, location(refB, idxB))}, {imgB}}));
    std::vector<BoundVar> locationVars{{r->name, Sort::Int}};
    T hits = eq(substitute(a.index, toUninterpreted), r);
    if (refVaries) {
      locationVars.insert(locationVars.begin(), {ref->name, Sort::Ref});
      hits = land(eq(substitute(a.ref, toUninterpreted), ref), hits);
    }
    T activeU = land({fallback, imgU, substitute(active, toUninterpreted)});
    st.assume(forall(locationVars, implies(activeU, hits),
                     {{imgU}, {app(fmt::format("inv0${}", tag), Sort::Int, location(ref, r))}}));
  }
  T next = vc_.freshVar("mask", Sort::Mask);
  T selNext = select(next, ref, r);
  T delta = ite(land(eq(ref, substitute(a.ref, toInverse)), activeInv),
                substitute(amount, toInverse), zero);
  if (!inhale) {
    // What was just checked, for every instance (the check above used skolems).
    T selCur = select(st.mask, refB, idxB);
    T checked = implies(substitute(guard, toBound), le(substitute(amount, toBound), selCur));
    st.assume(bound.size() == 1 ? forallWithMemoryTriggers(bound[0], checked)
                                : forall(bound, checked, {{selCur}}));
  }
  // Masks never go negative (every exhale is checked); stated per layer so the
  // solver need not re-derive it through the whole chain of masks.
  st.assume(forall({{ref->name, Sort::Ref}, {r->name, Sort::Int}},
                   land(eq(selNext, sign(select(st.mask, ref, r), delta)), le(zero, selNext)),
                   {{selNext}}));
  st.mask = next;
  if (inhale && assumeBounded) {
    T sel = select(next, refB, idxB);
    T bounded = implies(substitute(guard, toBound), le(sel, realConst(1, 1)));
    st.assume(bound.size() == 1 ? forallWithMemoryTriggers(bound[0], bounded)
                                : forall(bound, bounded, {{sel}}));
  }
}

} // namespace kprove::vcgen
