// Thread-id arithmetic: lemmas that let the solver take apart linearised indices
// such as get_group_id(0) * get_local_size(0) + get_local_id(0), row * width + col
// and gid * K + j. Injectivity of such an index (two threads never name the same
// cell) is nonlinear in symbolic sizes, and Z3 often gives up on it (VerCors's
// issues 377 and 791). For every ground term t = x * K + y in an obligation's goal
// the obligation also assumes the integer fact
//     0 <= y && y < K  ==>  quot(t, K) == x && rem(t, K) == y
// (for both factors of the product as K), recursively for x and y, with quot and
// rem uninterpreted (SMT's div and mod cost the solver far more; uninterpreted
// functions of t are enough). From t == t' the solver then gets x == x' and
// y == y' by congruence.
#pragma once

#include "logic/term.h"

#include <unordered_map>
#include <vector>

namespace kprove::vcgen {

std::vector<term::T> decompositionLemmas(const term::T &goal);

// For each remainder x % K in the goal and each y % K in the goal or the facts (both
// C's truncating % with non-negative x, y, or both Euclidean):
//     0 < K && x % K == y % K && x < y + K && y < x + K  ==>  x == y
// (grid-stride loops: `i % get_global_size(0) == get_global_id(0)` for two values of i).
// What the lemmas below look for in one fact, found once: an obligation's facts are
// its path condition, shared with every later obligation on the path, so walking each
// fact anew per obligation was quadratic (a 4,900-term sum took 120 s, 53% of it here).
class FactIndex {
public:
  struct Entry {
    std::vector<term::T> remainders; // ground `x % K` (C's tmod, SMT's mod)
    std::vector<term::T> powerOfTwo; // ground `x div 2^n`, `x mod 2^n`, isPow2(x)
    std::vector<term::T> products;   // ground `x * y`, neither factor a literal
    bool mentionsPow2 = false;       // isPow2 anywhere, quantified bodies included
  };
  const Entry &of(const term::T &fact);

private:
  std::unordered_map<const term::Term *, std::pair<term::T, Entry>> entries_;
};

std::vector<term::T> residueLemmas(const term::T &goal, const std::vector<term::T> &facts,
                                   FactIndex &index);

// Powers of two (isPow2, vcgen/int_model.h): for each `x div c` (c a literal 2^n >= 2,
// C's `x / 2` or `x >> 1` of a non-negative x) in the goal or the facts:
//     isPow2(x) && c <= x  ==>  isPow2(x div c) && x == c * (x div c)
// (a halving loop counter stays a power of two, and is even until it reaches 1);
// for each `x mod c` (C's unsigned `x % 2`):  isPow2(x) && c <= x  ==>  x mod c == 0;
// and for each isPow2(x) there:  isPow2(x) ==> 1 <= x.
std::vector<term::T> powerOfTwoLemmas(const term::T &goal, const std::vector<term::T> &facts,
                                      FactIndex &index);

// Products with a common factor (a row index times a symbolic width against the
// number of rows times it: `gid * k + j` against `\pointer_length(a) == gsize * k`):
// for each `x * K` in the goal and each other `y * K` in the goal or the facts,
//     0 <= K && x < y   ==>  x * K + K <= y * K
//     0 <= K && x <= y  ==>  x * K <= y * K
// (and the same with x and y swapped): valid integer facts that are nonlinear for the
// solver, whose proof it otherwise finds on some random seeds only.
std::vector<term::T> productLemmas(const term::T &goal, const std::vector<term::T> &facts,
                                   FactIndex &index);

} // namespace kprove::vcgen
