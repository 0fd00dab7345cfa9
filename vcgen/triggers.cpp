#include "vcgen/triggers.h"

#include <fmt/format.h>

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

// idx == W*hi + lo + k with W, k free of both variables: {W, hi's name, lo's name, k}.
struct DigitPair {
  T width;
  std::string high, low;
  T offset;
};

std::optional<DigitPair> digitPairOf(const T &idx, const BoundVar &b0, const BoundVar &b1) {
  std::vector<std::pair<T, bool>> parts;
  summands(idx, false, parts);
  std::optional<DigitPair> found;
  T offset;
  const Term *productPart = nullptr, *lowPart = nullptr;
  for (const auto &[t, negative] : parts) {
    bool m0 = mentions(t, b0.name), m1 = mentions(t, b1.name);
    if (!m0 && !m1) {
      offset = !offset ? (negative ? neg(t) : t) : (negative ? sub(offset, t) : add(offset, t));
      continue;
    }
    if (negative || (m0 && m1))
      return std::nullopt;
    const std::string &name = m0 ? b0.name : b1.name;
    if (isVar(t, name) && !lowPart) {
      lowPart = t.get();
      continue;
    }
    if (t->op == Op::Mul && !productPart) {
      const T &l = t->args[0], &r = t->args[1];
      if (isVar(l, name) && !mentions(r, b0.name) && !mentions(r, b1.name)) {
        found = DigitPair{r, name, "", nullptr};
      } else if (isVar(r, name) && !mentions(l, b0.name) && !mentions(l, b1.name)) {
        found = DigitPair{l, name, "", nullptr};
      } else {
        return std::nullopt;
      }
      productPart = t.get();
      continue;
    }
    return std::nullopt;
  }
  if (!found || !lowPart || lowPart->name == found->high)
    return std::nullopt;
  found->low = lowPart->name;
  found->offset = offset;
  return found;
}

} // namespace

T forallWithIndexForms(const std::vector<BoundVar> &bound, const T &body) {
  T whole = forall(bound, body);
  if (bound.size() != 2 || bound[0].sort != Sort::Int || bound[1].sort != Sort::Int)
    return whole;
  BoundVar x{bound[0].name + "$x", Sort::Int};
  if (mentions(body, x.name))
    return whole;
  std::vector<T> reads;
  collectReads(body, bound[0].name, reads);
  for (const T &read : reads) {
    if (mentions(read->args[1], bound[1].name))
      continue;
    std::optional<DigitPair> d = digitPairOf(read->args[2], bound[0], bound[1]);
    if (!d)
      continue;
    T xv = var(x.name, Sort::Int);
    T shifted = d->offset ? sub(xv, d->offset) : xv;
    T rewritten = substitute(replaceTerm(body, read->args[2], xv),
                             {{d->high, div(shifted, d->width)}, {d->low, mod(shifted, d->width)}});
    T pattern = select(read->args[0], read->args[1], xv);
    return land(whole, forall({x}, implies(neq(d->width, intConst(0)), rewritten), {{pattern}}));
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
