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

  std::set<const Term *> seen_;
};

} // namespace

std::vector<T> decompositionLemmas(const T &goal) {
  LemmaCollector c;
  c.visit(goal);
  return std::move(c.lemmas);
}

} // namespace kprove::vcgen
