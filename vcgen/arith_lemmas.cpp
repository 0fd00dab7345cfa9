#include "vcgen/arith_lemmas.h"

#include <set>

namespace kprove::vcgen {

using namespace term;

namespace {

constexpr size_t kMaxLemmas = 64; // per obligation: keeps queries small

struct Summand {
  T term;
  bool negative;
};

void summands(const T &t, bool negative, std::vector<Summand> &out) {
  if (t->op == Op::Add) {
    summands(t->args[0], negative, out);
    summands(t->args[1], negative, out);
  } else if (t->op == Op::Sub) {
    summands(t->args[0], negative, out);
    summands(t->args[1], !negative, out);
  } else {
    out.push_back({t, negative});
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
    if (t->sort == Sort::Int && (t->op == Op::Add || t->op == Op::Sub || t->op == Op::Mul))
      decompose(t);
    for (const T &a : t->args)
      visit(a);
  }

private:
  void decompose(const T &t) {
    if (!seen_.insert(t.get()).second)
      return;
    std::vector<Summand> parts;
    summands(t, false, parts);
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

  std::set<const Term *> seen_;
};

} // namespace

std::vector<T> decompositionLemmas(const T &goal) {
  LemmaCollector c;
  c.visit(goal);
  return std::move(c.lemmas);
}

} // namespace kprove::vcgen
