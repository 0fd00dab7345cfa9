// `(\sum int i; lo <= i && i < hi; e)`: the sum of e over the integers of [lo, hi)
// (docs/language.md §5). Each distinct body, with the values it depends on
// abstracted into parameters, is one function S(lo, hi, c1..cn) defined by
// trusted axioms (docs/soundness.md "\sum") that are true of the finite sum:
// an empty range sums to 0, a non-empty one splits off its last or its first
// element, adjacent ranges add up, and two sums over one range whose bodies agree
// at every index of it are equal (skolemised with a difference index). As for pure
// functions, the axioms unfold the full symbol into a limited twin that triggers
// nothing but the empty-range axiom and extensionality, so they cannot loop.
#include "vcgen/expr_encoder.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>

namespace kprove::vcgen {

using namespace term;

namespace {

bool mentionsName(const ir::Expr &e, const std::string &name) {
  if (e.kind == ir::ExprKind::Var && e.name == name)
    return true;
  for (const ir::ExprPtr &a : e.args)
    if (a && mentionsName(*a, name))
      return true;
  return false;
}

void conjuncts(const ir::ExprPtr &e, std::vector<ir::ExprPtr> &out) {
  if (e->kind == ir::ExprKind::Binary && e->binop == ir::BinOp::And) {
    conjuncts(e->args[0], out);
    conjuncts(e->args[1], out);
  } else {
    out.push_back(e);
  }
}

const ir::Expr &stripConverts(const ir::Expr &e) {
  return e.kind == ir::ExprKind::Convert ? stripConverts(*e.args[0]) : e;
}

bool isBinder(const ir::Expr &e, const std::string &name) {
  const ir::Expr &v = stripConverts(e);
  return v.kind == ir::ExprKind::Var && v.name == name;
}

// A bound of the binder: `lo <= i`, `lo < i`, `i >= lo`, `i > lo` (lower, with the
// offset making it inclusive) or `i < hi`, `i <= hi`, `hi > i`, `hi >= i` (upper,
// exclusive).
struct Bound {
  const ir::Expr *other = nullptr;
  int offset = 0;
  bool lower = false;
};
std::optional<Bound> boundOf(const ir::Expr &c, const std::string &name) {
  if (c.kind != ir::ExprKind::Binary)
    return std::nullopt;
  using ir::BinOp;
  BinOp op = c.binop;
  const ir::Expr *l = c.args[0].get(), *r = c.args[1].get();
  if (isBinder(*r, name) && !mentionsName(*l, name)) { // flip `x op i` into `i op' x`
    std::swap(l, r);
    op = op == BinOp::Le   ? BinOp::Ge
         : op == BinOp::Lt ? BinOp::Gt
         : op == BinOp::Ge ? BinOp::Le
         : op == BinOp::Gt ? BinOp::Lt
                           : op;
  }
  if (!isBinder(*l, name) || mentionsName(*r, name))
    return std::nullopt;
  switch (op) {
  case BinOp::Ge:
    return Bound{r, 0, true};
  case BinOp::Gt:
    return Bound{r, 1, true};
  case BinOp::Lt:
    return Bound{r, 0, false};
  case BinOp::Le:
    return Bound{r, 1, false};
  default:
    return std::nullopt;
  }
}

// The body as a shape over the index `sum$i` and parameters: every free variable
// but the index, and every memory (heap or mask) term that does not mention the
// index, is a parameter (the same term, the same parameter). A heap after writes,
// store(h, b, 0, 3), is one value: sums over two versions of memory then share
// one symbol, and extensionality relates them.
class Abstraction {
public:
  explicit Abstraction(std::string index) : index_(std::move(index)) {}
  std::vector<T> caps;
  std::vector<BoundVar> params;

  T shape(const T &t) {
    if (t->op == Op::Var) {
      if (t->name == index_)
        return var("sum$i", Sort::Int);
      return bound_.count(t->name) ? t : cap(t);
    }
    if ((t->sort == Sort::Heap || t->sort == Sort::Mask) && !mentionsLocal(t))
      return cap(t);
    std::vector<std::string> added;
    for (const BoundVar &b : t->bound)
      if (bound_.insert(b.name).second)
        added.push_back(b.name);
    Term copy = *t;
    for (T &a : copy.args)
      a = shape(a);
    for (auto &p : copy.patterns)
      for (T &a : p)
        a = shape(a);
    for (const std::string &n : added)
      bound_.erase(n);
    return std::make_shared<const Term>(std::move(copy));
  }

private:
  bool mentionsLocal(const T &t) const {
    if (mentions(t, index_))
      return true;
    for (const std::string &n : bound_)
      if (mentions(t, n))
        return true;
    return false;
  }
  T cap(const T &t) {
    std::string key = toString(t);
    auto it = known_.find(key);
    if (it == known_.end()) {
      it = known_.emplace(key, params.size()).first;
      params.push_back({fmt::format("sum$c{}", params.size()), t->sort});
      caps.push_back(t);
    }
    const BoundVar &p = params[it->second];
    return var(p.name, p.sort);
  }
  std::string index_;
  std::set<std::string> bound_;
  std::map<std::string, size_t> known_;
};

} // namespace

T ExprEncoder::encodeSum(const ir::Expr &e) {
  if (e.binders.size() != 1) {
    vc_.typeError(e.range, "\\sum binds exactly one int variable");
    return intConst(0);
  }
  const std::string &name = e.binders[0].name;
  std::vector<ir::ExprPtr> conds;
  conjuncts(e.args[0], conds);
  std::optional<Bound> lo, hi;
  std::vector<ir::ExprPtr> filters;
  for (const ir::ExprPtr &c : conds) {
    std::optional<Bound> b = boundOf(*c, name);
    if (b && b->lower && !lo)
      lo = b;
    else if (b && !b->lower && !hi)
      hi = b;
    else
      filters.push_back(c);
  }
  if (!lo || !hi) {
    vc_.unsupported(e.args[0]->range,
                    fmt::format("a \\sum whose condition does not bound '{}' from below and above "
                                "(write lo <= {} && {} < hi)",
                                name, name, name));
    return vc_.freshVar("unsupported", Sort::Int);
  }
  T loT = add(encode(*lo->other), intConst(lo->offset));
  T hiT = add(encode(*hi->other), intConst(hi->offset));

  // Well-definedness for an arbitrary index of the range; the body as a term over it.
  std::vector<std::pair<std::string, std::optional<T>>> saved;
  T k = bindSkolems(e.binders, saved).front();
  T inRangeK = land(le(loT, k), lt(k, hiT));
  guards.push_back(inRangeK);
  T filter = tru();
  for (const ir::ExprPtr &f : filters) {
    T ft = encode(*f);
    guards.push_back(ft);
    filter = land(filter, ft);
  }
  T body = encode(*e.args[1]);
  guards.resize(guards.size() - filters.size() - 1);
  restore(saved);
  body = ite(filter, body, intConst(0));

  // The parameters: every free value the body depends on but the index.
  Abstraction abstraction(k->name);
  T shape = abstraction.shape(body);
  const std::vector<T> &caps = abstraction.caps;
  const std::vector<BoundVar> &params = abstraction.params;
  std::string key = toString(shape);
  for (const BoundVar &p : params) { // two appends: GCC 12's -Wrestrict misfires on `" " + s`
    key += ' ';
    key += sortName(p.sort);
  }
  auto [it, fresh] = vc_.sumSymbols.emplace(key, fmt::format("sum${}", vc_.sumSymbols.size()));
  const std::string &symbol = it->second;
  if (fresh)
    addSumAxioms(symbol, shape, params);
  std::vector<T> args{loT, hiT};
  args.insert(args.end(), caps.begin(), caps.end());
  return app(symbol, Sort::Int, args);
}

void ExprEncoder::addSumAxioms(const std::string &symbol, const T &shape,
                               const std::vector<BoundVar> &params) {
  T lo = var("sum$lo", Sort::Int), hi = var("sum$hi", Sort::Int), mid = var("sum$m", Sort::Int);
  std::vector<T> cs;
  for (const BoundVar &p : params)
    cs.push_back(var(p.name, p.sort));
  auto full = [&](const T &a, const T &b) {
    std::vector<T> args{a, b};
    args.insert(args.end(), cs.begin(), cs.end());
    return app(symbol, Sort::Int, args);
  };
  auto limited = [&](const T &a, const T &b, const std::vector<T> &c) {
    std::vector<T> args{a, b};
    args.insert(args.end(), c.begin(), c.end());
    return app(symbol + "$lim", Sort::Int, args);
  };
  auto bodyAt = [&](const T &i, const std::vector<T> &c) {
    std::vector<std::pair<std::string, T>> sub{{"sum$i", i}};
    for (size_t n = 0; n < params.size(); ++n)
      sub.emplace_back(params[n].name, c[n]);
    return substitute(shape, sub);
  };
  std::vector<BoundVar> range{{"sum$lo", Sort::Int}, {"sum$hi", Sort::Int}};
  range.insert(range.end(), params.begin(), params.end());
  T s = full(lo, hi);
  auto axiom = [&](T fact) { vc_.axioms.push_back({"$sum", std::move(fact)}); };
  axiom(forall(range, eq(s, limited(lo, hi, cs)), {{s}}));
  T sLim = limited(lo, hi, cs);
  axiom(forall(range, implies(le(hi, lo), eq(sLim, intConst(0))), {{sLim}}));
  axiom(forall(range,
               implies(lt(lo, hi), eq(s, add(limited(lo, sub(hi, intConst(1)), cs),
                                             bodyAt(sub(hi, intConst(1)), cs)))),
               {{s}}));
  axiom(forall(
      range, implies(lt(lo, hi), eq(s, add(bodyAt(lo, cs), limited(add(lo, intConst(1)), hi, cs)))),
      {{s}}));
  // Adjacent ranges add up.
  {
    std::vector<BoundVar> three{{"sum$lo", Sort::Int}, {"sum$m", Sort::Int}, {"sum$hi", Sort::Int}};
    three.insert(three.end(), params.begin(), params.end());
    T left = full(lo, mid), right = full(mid, hi);
    axiom(forall(three,
                 implies(land(le(lo, mid), le(mid, hi)), eq(limited(lo, hi, cs), add(left, right))),
                 {{left, right}}));
    // The same fact from a range and its prefix (S(0, j) and S(0, i) give
    // S(i, j) = S(0, j) - S(0, i): a scan's difference). It only ever creates
    // sums between endpoints already present, so it cannot loop.
    T whole = full(lo, hi);
    axiom(forall(three,
                 implies(land(le(lo, mid), le(mid, hi)), eq(limited(lo, hi, cs), add(left, right))),
                 {{whole, left}}));
  }
  // Signs: a finite sum of values >= 0 is >= 0, so a negative sum has a negative
  // element, and a positive sum a positive one. The element is named by a
  // function of the range (a skolem function: the implication
  // S < 0 ==> exists w in [lo, hi). body(w) < 0 is valid, so defining w by it is
  // conservative). Stated on the limited twin, whose terms the unfoldings create;
  // the element's body creates no sum over a new range, so nothing loops.
  {
    std::vector<T> wArgs{lo, hi};
    wArgs.insert(wArgs.end(), cs.begin(), cs.end());
    T neg = app(symbol + "$negative", Sort::Int, wArgs);
    T pos = app(symbol + "$positive", Sort::Int, wArgs);
    axiom(forall(range,
                 implies(lt(sLim, intConst(0)),
                         land(land(le(lo, neg), lt(neg, hi)), lt(bodyAt(neg, cs), intConst(0)))),
                 {{sLim}}));
    axiom(forall(range,
                 implies(lt(intConst(0), sLim),
                         land(land(le(lo, pos), lt(pos, hi)), lt(intConst(0), bodyAt(pos, cs)))),
                 {{sLim}}));
  }
  // Extensionality: bodies that agree on the range give equal sums.
  {
    std::vector<BoundVar> two = range;
    std::vector<T> ds;
    for (const BoundVar &p : params) {
      two.push_back({p.name + "$2", p.sort});
      ds.push_back(var(two.back().name, p.sort));
    }
    if (!params.empty()) {
      std::vector<T> diffArgs{lo, hi};
      diffArgs.insert(diffArgs.end(), cs.begin(), cs.end());
      diffArgs.insert(diffArgs.end(), ds.begin(), ds.end());
      T d = app(symbol + "$diff", Sort::Int, diffArgs);
      T agree = implies(land(le(lo, d), lt(d, hi)), eq(bodyAt(d, cs), bodyAt(d, ds)));
      T a = limited(lo, hi, cs), b = limited(lo, hi, ds);
      axiom(forall(two, implies(agree, eq(a, b)), {{a, b}}));
    }
  }
}

} // namespace kprove::vcgen
