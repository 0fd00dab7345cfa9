#include "vcgen/triggers.h"

#include <fmt/format.h>

#include <algorithm>

namespace kprove::vcgen {

using namespace term;

namespace {

bool sameTerm(const T &a, const T &b) {
  if (a == b)
    return true;
  if (a->op != b->op || a->sort != b->sort || a->name != b->name || a->num != b->num ||
      a->den != b->den || a->args.size() != b->args.size() || !a->bound.empty() ||
      !b->bound.empty())
    return false;
  for (size_t i = 0; i < a->args.size(); ++i)
    if (!sameTerm(a->args[i], b->args[i]))
      return false;
  return true;
}

// `t` with every occurrence of `from` replaced by `to` (from mentions no variable
// bound inside t: it is built from the outer quantifier's variable).
T replaceTerm(const T &t, const T &from, const T &to) {
  if (sameTerm(t, from))
    return to;
  if (t->args.empty())
    return t;
  bool changed = false;
  std::vector<T> args;
  args.reserve(t->args.size());
  for (const T &a : t->args) {
    args.push_back(replaceTerm(a, from, to));
    changed = changed || args.back() != a;
  }
  if (!changed)
    return t;
  auto copy = std::make_shared<Term>(*t);
  copy->args = std::move(args);
  for (auto &pattern : copy->patterns)
    for (T &p : pattern)
      p = replaceTerm(p, from, to);
  return copy;
}

// v as a function of x, where x == idx(v); nullopt unless idx is v under unit
// additions and subtractions of v-free terms.
std::optional<T> inverse(const T &idx, const std::string &v, const T &x) {
  if (idx->op == Op::Var && idx->name == v)
    return x;
  if (idx->op == Op::Add || idx->op == Op::Sub) {
    const T &a = idx->args[0], &b = idx->args[1];
    bool inA = mentions(a, v), inB = mentions(b, v);
    if (inA && !inB)
      return inverse(a, v, idx->op == Op::Add ? sub(x, b) : add(x, b));
    if (inB && !inA)
      return inverse(b, v, idx->op == Op::Add ? sub(x, a) : sub(a, x));
    return std::nullopt;
  }
  if (idx->op == Op::Neg)
    return inverse(idx->args[0], v, neg(x));
  return std::nullopt;
}

void collectReads(const T &t, const std::string &v, std::vector<T> &out) {
  if (t->op == Op::Forall || t->op == Op::Exists)
    return; // a nested quantifier's reads are not ground terms at this level
  if (t->op == Op::Select && t->args[0]->op == Op::Var && !mentions(t->args[1], v) &&
      mentions(t->args[2], v))
    out.push_back(t);
  for (const T &a : t->args)
    collectReads(a, v, out);
}

} // namespace

std::optional<QuantifierWithTrigger> triggerOnIndex(const BoundVar &v, const T &body) {
  BoundVar x{v.name + "$x", Sort::Int};
  if (v.sort != Sort::Int || mentions(body, x.name))
    return std::nullopt;
  T xv = var(x.name, Sort::Int);
  std::vector<T> reads;
  collectReads(body, v.name, reads);
  for (const T &read : reads) {
    const T &idx = read->args[2];
    std::optional<T> inv = inverse(idx, v.name, xv);
    if (!inv || idx->op == Op::Var)
      continue;
    T rewritten = substitute(replaceTerm(body, idx, xv), {{v.name, *inv}});
    T pattern = select(read->args[0], read->args[1], xv);
    return QuantifierWithTrigger{x, rewritten, {{pattern}}};
  }
  return std::nullopt;
}

std::vector<std::vector<T>> memoryTriggers(const T &body, const std::string &bound,
                                           bool bareIndexOnly) {
  std::vector<std::vector<T>> patterns;
  std::vector<const Term *> todo{body.get()};
  while (!todo.empty() && patterns.size() < 4) {
    const Term *t = todo.back();
    todo.pop_back();
    if (t->op == Op::Select && t->args[0]->op == Op::Var && !mentions(t->args[1], bound)) {
      const T &index = t->args[2];
      if (bareIndexOnly ? index->op == Op::Var && index->name == bound : mentions(index, bound))
        patterns.push_back({std::make_shared<Term>(*t)});
    }
    // An element of a sequence (a value, read like memory): s[i].
    if (t->op == Op::SeqNth && !mentions(t->args[0], bound)) {
      const T &index = t->args[1];
      if (bareIndexOnly ? index->op == Op::Var && index->name == bound : mentions(index, bound))
        patterns.push_back({std::make_shared<Term>(*t)});
    }
    for (const T &c : t->args)
      todo.push_back(c.get());
  }
  return patterns;
}

T forallWithMemoryTriggers(const BoundVar &v, const T &body) {
  if (memoryTriggers(body, v.name, /*bareIndexOnly=*/true).empty())
    if (std::optional<QuantifierWithTrigger> q = triggerOnIndex(v, body))
      return forall({q->bound}, q->body, q->patterns);
  return forall({v}, body, memoryTriggers(body, v.name, /*bareIndexOnly=*/false));
}

namespace {

// The summands of t under + and -, with their signs.
void summands(const T &t, bool negative, std::vector<std::pair<T, bool>> &out) {
  if (t->op == Op::Add || t->op == Op::Sub) {
    summands(t->args[0], negative, out);
    summands(t->args[1], t->op == Op::Sub ? !negative : negative, out);
    return;
  }
  out.emplace_back(t, negative);
}

bool isVar(const T &t, const std::string &name) {
  return t->op == Op::Var && t->name == name;
}

// idx == k + c_1*b_1 + ... + c_n*b_n over the binders b (each in one summand, a
// product of it and binder-free factors, or itself: coefficient 1), with k free
// of them. Nullopt for any other shape, or when no binder has coefficient 1.
struct LinearIndex {
  T offset;                 // null: 0
  std::vector<T> coef;      // per binder of `bound`; null: 1
};

void factors(const T &t, std::vector<T> &out) {
  if (t->op == Op::Mul) {
    factors(t->args[0], out);
    factors(t->args[1], out);
    return;
  }
  out.push_back(t);
}

std::optional<LinearIndex> linearIndexOf(const T &idx, const std::vector<BoundVar> &bound) {
  std::vector<std::pair<T, bool>> parts;
  summands(idx, false, parts);
  LinearIndex out;
  out.coef.assign(bound.size(), nullptr);
  std::vector<bool> seen(bound.size(), false);
  bool unit = false;
  for (const auto &[t, negative] : parts) {
    std::vector<size_t> in;
    for (size_t b = 0; b < bound.size(); ++b)
      if (mentions(t, bound[b].name))
        in.push_back(b);
    if (in.empty()) {
      T term = negative ? neg(t) : t;
      out.offset = !out.offset ? term : (negative ? sub(out.offset, t) : add(out.offset, t));
      continue;
    }
    if (negative || in.size() != 1 || seen[in[0]])
      return std::nullopt;
    size_t b = in[0];
    seen[b] = true;
    std::vector<T> fs;
    factors(t, fs);
    T coef;
    bool var = false;
    for (const T &f : fs) {
      if (isVar(f, bound[b].name) && !var) {
        var = true;
        continue;
      }
      if (mentions(f, bound[b].name))
        return std::nullopt;
      coef = coef ? mul(coef, f) : f;
    }
    if (!var)
      return std::nullopt;
    out.coef[b] = coef;
    // One binder of coefficient 1, the lowest digit: with two (`a[i + j]`) there is
    // no digit decomposition (and a null coefficient would be divided by).
    if (!coef && unit)
      return std::nullopt;
    unit = unit || !coef;
  }
  for (bool b : seen)
    if (!b)
      return std::nullopt;
  if (!unit)
    return std::nullopt;
  return out;
}

} // namespace

T forallWithIndexForms(const std::vector<BoundVar> &bound, const T &body) {
  T whole = forall(bound, body);
  if (bound.size() < 2 || bound.size() > 4)
    return whole;
  for (const BoundVar &b : bound)
    if (b.sort != Sort::Int)
      return whole;
  BoundVar x{bound[0].name + "$x", Sort::Int};
  if (mentions(body, x.name))
    return whole;
  std::vector<T> reads;
  collectReads(body, bound[0].name, reads);
  for (const T &read : reads) {
    bool refMentions = false;
    for (const BoundVar &b : bound)
      refMentions = refMentions || mentions(read->args[1], b.name);
    if (refMentions)
      continue;
    std::optional<LinearIndex> li = linearIndexOf(read->args[2], bound);
    if (!li)
      continue;
    // The binder of coefficient 1 is the lowest digit; the others' order is not
    // known (symbolic coefficients), so every order gives a family of its own:
    // with c_2 < ... < c_n, b_n = s div c_n, then b_{n-1} = (s mod c_n) div c_{n-1},
    // ..., and the lowest the remainder (s = x - k).
    size_t low = 0;
    while (li->coef[low])
      ++low;
    std::vector<size_t> order;
    for (size_t b = 0; b < bound.size(); ++b)
      if (b != low)
        order.push_back(b);
    T xv = var(x.name, Sort::Int);
    T shifted = li->offset ? sub(xv, li->offset) : xv;
    T rewritten = replaceTerm(body, read->args[2], xv);
    std::vector<T> forms{whole};
    do {
      std::vector<std::pair<std::string, T>> digits;
      std::vector<T> nonZero;
      T rest = shifted;
      for (size_t k = order.size(); k-- > 0;) {
        const T &c = li->coef[order[k]];
        digits.emplace_back(bound[order[k]].name, div(rest, c));
        rest = mod(rest, c);
        nonZero.push_back(neq(c, intConst(0)));
      }
      digits.emplace_back(bound[low].name, rest);
      T pattern = select(read->args[0], read->args[1], xv);
      forms.push_back(
          forall({x}, implies(land(nonZero), substitute(rewritten, digits)), {{pattern}}));
    } while (std::next_permutation(order.begin(), order.end()));
    return land(forms);
  }
  return whole;
}

namespace {

bool mentionsAnyOf(const T &t, const std::vector<BoundVar> &bound) {
  for (const BoundVar &b : bound)
    if (mentions(t, b.name))
      return true;
  return false;
}

// The first subterm of t Z3 cannot use in a pattern, described; "" if none.
std::string forbiddenInside(const T &t, const std::vector<BoundVar> &bound) {
  switch (t->op) {
  case Op::Not:
  case Op::And:
  case Op::Or:
  case Op::Implies:
  case Op::Ite:
    return "a boolean connective or conditional";
  case Op::Eq:
  case Op::Lt:
  case Op::Le:
    return "a comparison";
  case Op::Forall:
  case Op::Exists:
    return "a quantifier";
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Div:
  case Op::Mod:
  case Op::Neg:
  case Op::ToReal:
    if (mentionsAnyOf(t, bound))
      return "arithmetic over a quantified variable (Z3 never matches it)";
    return "";
  default:
    break;
  }
  for (const T &a : t->args)
    if (std::string why = forbiddenInside(a, bound); !why.empty())
      return why;
  return "";
}

std::string boundNames(const std::vector<BoundVar> &bound) {
  std::string names;
  for (const BoundVar &b : bound)
    names += (names.empty() ? "" : ", ") + b.name.substr(0, b.name.find_first_of("@$"));
  return names;
}

} // namespace

std::string patternProblem(const T &pattern, const std::vector<BoundVar> &bound) {
  if (pattern->op != Op::App && pattern->op != Op::Select && pattern->op != Op::SeqNth &&
      pattern->op != Op::SeqLen)
    return "a trigger must be a pure function call, an array read, a sequence element or a "
           "sequence length";
  if (std::string why = forbiddenInside(pattern, bound); !why.empty())
    return "a trigger cannot contain " + why;
  if (!mentionsAnyOf(pattern, bound))
    return fmt::format("this trigger must mention a quantified variable ({})", boundNames(bound));
  return "";
}

std::string multiPatternProblem(const std::vector<T> &all, const std::vector<BoundVar> &bound) {
  for (const BoundVar &b : bound) {
    bool mentioned = false;
    for (const T &p : all)
      mentioned = mentioned || mentions(p, b.name);
    if (!mentioned)
      return fmt::format("{} must mention every quantified variable ({})",
                         all.size() == 1 ? "this trigger" : "the triggers of this quantifier",
                         boundNames(bound));
  }
  return "";
}

} // namespace kprove::vcgen
