#include "vcgen/arith_lemmas.h"

#include "vcgen/int_model.h"

#include <set>

namespace kprove::vcgen {

using namespace term;

namespace {

constexpr size_t kMaxLemmas = 64; // per obligation: keeps queries small

struct Summand {
  T term;
  bool negative;
};

// Iterative: sums can be 100,000 terms deep (`y = y + 1` repeated).
void summands(const T &t, std::vector<Summand> &out) {
  std::vector<Summand> todo{{t, false}};
  while (!todo.empty()) {
    Summand s = todo.back();
    todo.pop_back();
    if (s.term->op == Op::Add) {
      todo.push_back({s.term->args[1], s.negative});
      todo.push_back({s.term->args[0], s.negative});
    } else if (s.term->op == Op::Sub) {
      todo.push_back({s.term->args[1], !s.negative});
      todo.push_back({s.term->args[0], s.negative});
    } else {
      out.push_back(s);
    }
  }
}

T sumOf(const std::vector<Summand> &parts, size_t skip) {
  T acc = intConst(0);
  for (size_t i = 0; i < parts.size(); ++i)
    if (i != skip)
      acc = parts[i].negative ? sub(acc, parts[i].term) : add(acc, parts[i].term);
  return acc;
}

class LemmaCollector {
public:
  std::vector<T> lemmas;

  void visit(const T &t) {
    if (lemmas.size() >= kMaxLemmas || t->sort == Sort::Heap || t->sort == Sort::Mask)
      return;
    if (t->op == Op::Forall || t->op == Op::Exists)
      return; // only ground terms
    if (!seen_.insert(t.get()).second)
      return;
    if (t->sort == Sort::Int && (t->op == Op::Add || t->op == Op::Sub)) {
      // A whole sum at once; its summands are visited, not its partial sums.
      std::vector<Summand> parts;
      summands(t, parts);
      decompose(t, parts);
      for (const Summand &p : parts)
        visit(p.term);
      return;
    }
    if (t->sort == Sort::Int && t->op == Op::Mul)
      decompose(t, {{t, false}});
    if (t->sort == Sort::Int && t->args.size() == 2 &&
        (t->op == Op::Mod || (t->op == Op::App && t->name == "tmod")))
      shiftRemainder(t);
    for (const T &a : t->args)
      visit(a);
  }

private:
  void decompose(const T &t, const std::vector<Summand> &parts) {
    for (size_t i = 0; i < parts.size() && lemmas.size() < kMaxLemmas; ++i) {
      const Summand &p = parts[i];
      if (p.negative || p.term->op != Op::Mul)
        continue;
      T y = sumOf(parts, i);
      for (int side : {0, 1}) {
        const T &x = p.term->args[side], &k = p.term->args[1 - side];
        if (k->op == Op::IntConst && k->num <= 1)
          continue;
        T premise = land(le(intConst(0), y), lt(y, k));
        lemmas.push_back(implies(premise, land(eq(app("quot$", Sort::Int, {t, k}), x),
                                               eq(app("rem$", Sort::Int, {t, k}), y))));
        visit(x);
        visit(y);
      }
    }
  }

  // A remainder whose dividend has a summand that is a multiple of the divisor K
  // (a grid-stride counter after `i += get_global_size(0)`): dropping that summand
  // keeps the remainder, for C's truncating % when both dividends are non-negative.
  void shiftRemainder(const T &t) {
    const T &a = t->args[0], &k = t->args[1];
    std::string divisor = toString(k);
    // C's conversions wrap the sum (`wrap$u64(wrap$u64(i) + G)`); the lemma holds
    // when the wrapping is the identity, which its premise asks.
    T core = a;
    while (core->op == Op::App && core->name.rfind("wrap$", 0) == 0 && core->args.size() == 1)
      core = core->args[0];
    std::vector<Summand> parts;
    summands(core, parts);
    if (parts.size() < 2)
      return;
    for (size_t i = 0; i < parts.size() && lemmas.size() < kMaxLemmas; ++i) {
      const T &p = parts[i].term;
      bool multiple = toString(p) == divisor;
      if (!multiple && p->op == Op::Mul)
        for (const T &f : p->args)
          multiple = multiple || toString(f) == divisor;
      if (!multiple)
        continue;
      T rest = sumOf(parts, i);
      T premise = neq(k, intConst(0));
      if (core != a)
        premise = land(premise, eq(a, core));
      if (t->op == Op::App)
        premise = land({premise, le(intConst(0), a), le(intConst(0), rest)});
      T shifted = t->op == Op::Mod ? mod(rest, k) : app(t->name, Sort::Int, {rest, k});
      lemmas.push_back(implies(premise, eq(t, shifted)));
    }
  }

  std::set<const Term *> seen_;
};

} // namespace

std::vector<T> decompositionLemmas(const T &goal) {
  LemmaCollector c;
  c.visit(goal);
  return std::move(c.lemmas);
}

namespace {

// The ground subterms u of t (not under a quantifier, no heaps or masks) with
// wanted(u), each once over all calls sharing `seen`, at most kMaxLemmas.
template <class Wanted>
void collectGround(const T &t, std::set<const Term *> &seen, std::vector<T> &out,
                   const Wanted &wanted) {
  std::vector<T> todo{t};
  while (!todo.empty() && out.size() < kMaxLemmas) {
    T u = todo.back();
    todo.pop_back();
    if (u->sort == Sort::Heap || u->sort == Sort::Mask || u->op == Op::Forall ||
        u->op == Op::Exists || !seen.insert(u.get()).second)
      continue;
    if (wanted(u))
      out.push_back(u);
    for (const T &a : u->args)
      todo.push_back(a);
  }
}

// Ground remainders in t: `x % K` (C's truncating remainder, kprove's "tmod") and
// SMT's Euclidean `mod` (unsigned %).
void collectRemainders(const T &t, std::set<const Term *> &seen, std::vector<T> &out) {
  collectGround(t, seen, out, [](const T &u) {
    return (u->op == Op::App && u->name == "tmod" && u->args.size() == 2) ||
           (u->op == Op::Mod && u->sort == Sort::Int);
  });
}

// Ground products x * y of two non-literal factors in t.
// `t` without the integer wraps of C's conversions around it (wrap$u64(n) -> n).
T unwrapped(T t) {
  while (t->op == Op::App && t->name.rfind("wrap$", 0) == 0 && t->args.size() == 1)
    t = t->args[0];
  return t;
}

void collectProducts(const T &t, std::set<const Term *> &seen, std::vector<T> &out) {
  collectGround(t, seen, out, [](const T &u) {
    return u->op == Op::Mul && u->sort == Sort::Int && u->args.size() == 2 &&
           u->args[0]->op != Op::IntConst && u->args[1]->op != Op::IntConst;
  });
}

} // namespace

namespace {
// `found` (in order, each once, at most kMaxLemmas) after the terms of each fact's
// `part` not in it yet: the same terms, in the same order, as one walk over the facts
// sharing its `seen` set.
template <class Part>
void mergeFacts(const std::vector<T> &facts, FactIndex &index, std::set<const Term *> &have,
                std::vector<T> &found, const Part &part) {
  for (const T &f : facts)
    for (const T &u : part(index.of(f))) {
      if (found.size() >= kMaxLemmas)
        return;
      if (have.insert(u.get()).second)
        found.push_back(u);
    }
}

} // namespace

std::vector<T> residueLemmas(const T &goal, const std::vector<T> &facts, FactIndex &index) {
  std::set<const Term *> seen;
  std::vector<T> inGoal, inFacts;
  collectRemainders(goal, seen, inGoal);
  std::set<const Term *> have;
  for (const T &u : inGoal)
    have.insert(u.get());
  mergeFacts(facts, index, have, inFacts,
             [](const FactIndex::Entry &e) -> const std::vector<T> & { return e.remainders; });
  std::vector<T> lemmas;
  for (size_t i = 0; i < inGoal.size(); ++i) {
    std::vector<T> others(inGoal.begin() + static_cast<std::ptrdiff_t>(i) + 1, inGoal.end());
    others.insert(others.end(), inFacts.begin(), inFacts.end());
    const T &rx = inGoal[i];
    std::string divisor = toString(rx->args[1]);
    for (const T &ry : others) {
      if (lemmas.size() >= kMaxLemmas)
        return lemmas;
      if (toString(ry->args[1]) != divisor || (rx->op == Op::Mod) != (ry->op == Op::Mod))
        continue;
      const T &x = rx->args[0], &y = ry->args[0], &k = rx->args[1];
      // x, y with one remainder modulo K > 0 differ by a multiple of K, so closer
      // than K means equal (two iterations of one grid-stride thread). C's
      // truncating remainder needs both non-negative; the Euclidean one does not.
      T premise = land({lt(intConst(0), k), eq(rx, ry), lt(x, add(y, k)), lt(y, add(x, k))});
      if (rx->op != Op::Mod)
        premise = land({premise, le(intConst(0), x), le(intConst(0), y)});
      lemmas.push_back(implies(premise, eq(x, y)));
    }
  }
  return lemmas;
}

namespace {

bool isLiteralPowerOfTwo(const T &t) {
  return t->op == Op::IntConst && t->num >= 2 && (t->num & (t->num - 1)) == 0;
}

// Halvings `x div 2^n`, remainders `x mod 2^n` and isPow2(x) atoms among the ground subterms of t.
void collectPowerOfTwoTerms(const T &t, std::set<const Term *> &seen, std::vector<T> &out) {
  collectGround(t, seen, out, [](const T &u) {
    return ((u->op == Op::Div || u->op == Op::Mod) && u->sort == Sort::Int &&
            isLiteralPowerOfTwo(u->args[1])) ||
           (u->op == Op::App && u->name == "isPow2" && u->args.size() == 1);
  });
}

// Whether the goal or a fact (quantified bodies included) says isPow2 of anything: the
// lemmas are useless without, and their div terms cost the solver's search for a
// counter-model (measured: a failing injectivity check of a 2-D tile went from 2 s
// to an unknown after 25 s).
bool mentionsPowerOfTwo(const T &goal, const std::vector<T> &facts) {
  std::set<const Term *> seen;
  std::vector<T> todo(facts);
  todo.push_back(goal);
  while (!todo.empty()) {
    T u = todo.back();
    todo.pop_back();
    if (u->sort == Sort::Heap || u->sort == Sort::Mask || !seen.insert(u.get()).second)
      continue;
    if (u->op == Op::App && u->name == "isPow2")
      return true;
    for (const T &a : u->args)
      todo.push_back(a);
  }
  return false;
}

} // namespace

const FactIndex::Entry &FactIndex::of(const T &fact) {
  auto it = entries_.find(fact.get());
  if (it != entries_.end())
    return it->second.second;
  Entry e;
  std::set<const Term *> seen;
  collectRemainders(fact, seen, e.remainders);
  seen.clear();
  collectPowerOfTwoTerms(fact, seen, e.powerOfTwo);
  e.mentionsPow2 = mentionsPowerOfTwo(fact, {});
  seen.clear();
  collectProducts(fact, seen, e.products);
  return entries_.emplace(fact.get(), std::make_pair(fact, std::move(e))).first->second.second;
}

std::vector<T> powerOfTwoLemmas(const T &goal, const std::vector<T> &facts, FactIndex &index) {
  bool mentioned = mentionsPowerOfTwo(goal, {});
  for (size_t i = 0; i < facts.size() && !mentioned; ++i)
    mentioned = index.of(facts[i]).mentionsPow2;
  if (!mentioned)
    return {};
  std::set<const Term *> seen;
  std::vector<T> found;
  collectPowerOfTwoTerms(goal, seen, found);
  std::set<const Term *> have;
  for (const T &u : found)
    have.insert(u.get());
  mergeFacts(facts, index, have, found,
             [](const FactIndex::Entry &e) -> const std::vector<T> & { return e.powerOfTwo; });
  std::vector<T> lemmas;
  for (const T &u : found) {
    if (u->op == Op::App) { // isPow2(x): x is 2^n for some n >= 0
      lemmas.push_back(implies(u, le(intConst(1), u->args[0])));
      continue;
    }
    // 2^m div 2^n == 2^(m - n) for m >= n: still a power of two, and exact.
    const T &x = u->args[0], &c = u->args[1];
    if (u->op == Op::Mod) {
      lemmas.push_back(implies(land(isPowerOfTwo(x), le(c, x)), eq(u, intConst(0))));
      continue;
    }
    lemmas.push_back(
        implies(land(isPowerOfTwo(x), le(c, x)), land(isPowerOfTwo(u), eq(x, mul(c, u)))));
  }
  return lemmas;
}

std::vector<T> productLemmas(const T &goal, const std::vector<T> &facts, FactIndex &index) {
  std::set<const Term *> seen;
  std::vector<T> inGoal;
  collectProducts(goal, seen, inGoal);
  if (inGoal.empty())
    return {};
  std::set<const Term *> have;
  for (const T &u : inGoal)
    have.insert(u.get());
  std::vector<T> all = inGoal;
  mergeFacts(facts, index, have, all,
             [](const FactIndex::Entry &e) -> const std::vector<T> & { return e.products; });
  std::vector<T> lemmas;
  for (size_t i = 0; i < inGoal.size(); ++i)
    for (size_t j = 0; j < all.size(); ++j) {
      if (j <= i && j < inGoal.size())
        continue; // each pair of the goal's products once
      if (lemmas.size() + 4 > kMaxLemmas)
        return lemmas;
      const T &p = inGoal[i], &q = all[j];
      bool paired = false; // one common factor is enough
      for (int side = 0; side < 2 && !paired; ++side)
        for (int other = 0; other < 2 && !paired; ++other) {
          const T &k = p->args[1 - side], &k2 = q->args[1 - other];
          // C's conversions wrap a factor (`get_global_size(0) * n` is size_t
          // arithmetic: wrap$u64(n)); the factors are one when the wrap is the
          // identity there, which the premise asks (measured: a row pointer's bounds
          // check, `gid * n + j` against `\pointer_length(a) == get_global_size(0) * n`,
          // 2.3 s -> 0.25 s).
          bool same = toString(k) == toString(k2);
          if (!same && toString(unwrapped(k)) != toString(unwrapped(k2)))
            continue;
          const T &x = p->args[side], &y = q->args[other];
          T nonNegative = same ? le(intConst(0), k) : land(le(intConst(0), k), eq(k, k2));
          lemmas.push_back(implies(land(nonNegative, lt(x, y)), le(add(p, k), q)));
          lemmas.push_back(implies(land(nonNegative, lt(y, x)), le(add(q, k), p)));
          lemmas.push_back(implies(land(nonNegative, le(x, y)), le(p, q)));
          lemmas.push_back(implies(land(nonNegative, le(y, x)), le(q, p)));
          paired = true;
        }
    }
  return lemmas;
}

} // namespace kprove::vcgen
