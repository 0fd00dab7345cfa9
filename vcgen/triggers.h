// Triggers for the quantifiers kprove generates. Z3 4.8.12 with auto_config=false
// never instantiates a pattern with arithmetic around a bound variable — neither
// `f (+ c i)` nor `select H a (+ c i)` fires, even on the identical ground term —
// so an index like a[gid * k + j] left those quantifiers to model-based
// instantiation, whose outcome depended on the terms a Z3 context had seen before
// (docs/performance.md, "Triggers"). These functions move the arithmetic out of
// the pattern where that is exact.
#pragma once

#include "logic/term.h"

#include <optional>
#include <string>
#include <vector>

namespace kprove::vcgen {

// `forall v. body` as an equivalent quantifier whose trigger is a memory read at
// a bare bound variable: when body reads `H[r][idx]` with idx = c + v, v + c,
// v - c or c - v (c free of v; v once in idx), the new variable x stands for idx:
// every occurrence of idx becomes x and every other v becomes idx's inverse in x.
// A bijection on the integers, so nothing is lost. nullopt when no read fits.
struct QuantifierWithTrigger {
  term::BoundVar bound;
  term::T body;
  std::vector<std::vector<term::T>> patterns;
};
std::optional<QuantifierWithTrigger> triggerOnIndex(const term::BoundVar &v, const term::T &body);

// Reads `heap[ref][x]` of a named heap (or mask) whose index mentions `bound`
// (with bareIndexOnly: is exactly it), as single-term patterns, at most four.
std::vector<std::vector<term::T>> memoryTriggers(const term::T &body, const std::string &bound,
                                                 bool bareIndexOnly);

// forall over one variable with memory triggers: a bare-index read if there is
// one, else the index moved into the bound variable (triggerOnIndex), else the
// reads at arithmetic indices (which only model-based instantiation can use).
term::T forallWithMemoryTriggers(const term::BoundVar &v, const term::T &body);

// forall over several variables (two to four). When the body reads memory at
// `k + c_1*b_1 + ... + c_n*b_n` (each variable once, one of them with coefficient
// 1, coefficients and k free of the variables, `k*n*m` a coefficient n*m), the
// result is the quantifier conjoined with the same fact over the index x,
// triggered on the read at x, for each order of the other coefficients: with
// c_2 < ... < c_n, b_n = (x - k) div c_n, b_{n-1} = ((x - k) mod c_n) div c_{n-1},
// ..., and the lowest the remainder, under non-zero coefficients (two variables:
// b = (x - k) div W, c = (x - k) mod W). Each is an instance family of the first
// (any values are an instance), so the conjunction is equivalent to the
// quantifier, in an assumption or a goal; it lets a ground read h[1] reach a fact
// stated at h[3*b + c], or h[181] one at h[k*37 + j*n + i], which E-matching on
// the arithmetic pattern never does.
term::T forallWithIndexForms(const std::vector<term::BoundVar> &bound, const term::T &body);

// Why `pattern`, a user's `{: e :}` term over the quantified variables `bound`,
// cannot be a Z3 pattern, or "" when it can: it must be a function application or
// a memory read, contain no boolean connective, comparison or nested quantifier
// (Z3 rejects them), and no arithmetic over a quantified variable (Z3 never
// matches it, see above). `all` (the multi-pattern of one quantifier) must mention
// every quantified variable: checked by multiPatternProblem.
std::string patternProblem(const term::T &pattern, const std::vector<term::BoundVar> &bound);
std::string multiPatternProblem(const std::vector<term::T> &all,
                                const std::vector<term::BoundVar> &bound);

} // namespace kprove::vcgen
