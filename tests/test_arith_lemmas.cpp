// The arithmetic lemmas vcgen adds to obligations (vcgen/arith_lemmas.h, and the
// power-of-two reading of `(n & (n - 1)) == 0` in VcContext::maskOperation) must be
// valid: an invalid one would let every goal that meets its premise verify. Each is
// checked here on its own, apart from the kernels that need it, and with kernels
// that it must not make pass.
#include "snippet.h"

#include "logic/term.h"
#include "prover/prover.h"
#include "vcgen/arith_lemmas.h"

#include <catch2/catch.hpp>

using kprove::driver::Verdict;
using kprove::testing::runSnippet;
using namespace kprove::term;

namespace {

using Errors = std::set<std::pair<std::string, unsigned>>;

// isPow2 with its meaning on [-2^20, 2^20] (2^0 .. 2^19 and nothing else), as a
// quantifier-free definition Z3 can use: the lemmas are then checked for every x
// in that range.
constexpr int64_t kRange = int64_t{1} << 20;

T pow2Meaning(const T &x) {
  std::vector<T> cases;
  for (int n = 0; n < 20; ++n)
    cases.push_back(eq(x, intConst(int64_t{1} << n)));
  T any = cases[0];
  for (size_t i = 1; i < cases.size(); ++i)
    any = lor(any, cases[i]);
  return eq(app("isPow2", Sort::Bool, {x}), any);
}

kprove::prover::Verdict validity(const std::vector<T> &facts, const T &lemma) {
  auto p = kprove::prover::makeZ3Prover({30000, 0, 50000000});
  return p->check(kprove::prover::Query{facts, lemma}).verdict;
}

} // namespace

TEST_CASE("halving a power of two: each powerOfTwoLemmas lemma is valid", "[lemmas]") {
  T x = var("x", Sort::Int);
  for (int64_t c : {2, 4, 1024}) {
    T half = div(x, intConst(c));
    // The goal mentions x div c, x mod c and isPow2(x); the lemmas are about those terms.
    T goal = land({app("isPow2", Sort::Bool, {x}), lt(half, intConst(7)),
                   eq(mod(x, intConst(c)), intConst(0))});
    kprove::vcgen::FactIndex index;
    std::vector<T> lemmas = kprove::vcgen::powerOfTwoLemmas(goal, {}, index);
    REQUIRE(lemmas.size() == 3);
    std::vector<T> facts{le(intConst(-kRange), x), le(x, intConst(kRange)), pow2Meaning(x),
                         pow2Meaning(half)};
    for (const T &l : lemmas) {
      INFO(toString(l));
      CHECK(validity(facts, l) == kprove::prover::Verdict::Proved);
    }
  }
  // Without the power of two the exactness is false (x == 6, c == 4): the lemma's
  // premise is what makes it true.
  T six = eq(x, intConst(6));
  CHECK(validity({six}, eq(x, mul(intConst(4), div(x, intConst(4))))) ==
        kprove::prover::Verdict::Failed);
}

TEST_CASE("products with a common factor: each productLemmas lemma is valid", "[lemmas]") {
  // gid * k + j < length with length == gsize * k in the facts (a row of a symbolic
  // width): the lemmas relate the two products through the common factor k.
  T gid = var("gid", Sort::Int), gsize = var("gsize", Sort::Int), k = var("k", Sort::Int),
    j = var("j", Sort::Int), len = var("len", Sort::Int);
  T goal = lt(add(mul(gid, k), j), len);
  std::vector<T> facts{eq(len, mul(gsize, k))};
  kprove::vcgen::FactIndex index;
  std::vector<T> lemmas = kprove::vcgen::productLemmas(goal, facts, index);
  REQUIRE(lemmas.size() == 4);
  // Valid over bounded integers (the bounds keep the check quick; nothing else is
  // assumed).
  std::vector<T> bounds;
  for (const T &v : {gid, gsize, k})
    bounds.insert(bounds.end(), {le(intConst(-1000), v), le(v, intConst(1000))});
  for (const T &l : lemmas) {
    INFO(toString(l));
    CHECK(validity(bounds, l) == kprove::prover::Verdict::Proved);
  }
  // Without k >= 0 the first is false (k == -1, gid == 0, gsize == 2: -1 > -2).
  T flipped = implies(lt(gid, gsize), le(add(mul(gid, k), k), mul(gsize, k)));
  CHECK(validity({eq(k, intConst(-1)), eq(gid, intConst(0)), eq(gsize, intConst(2))}, flipped) ==
        kprove::prover::Verdict::Failed);
  // No common factor, no lemma.
  CHECK(kprove::vcgen::productLemmas(lt(mul(gid, j), len), facts, index).empty());
}

TEST_CASE("C's power-of-two test (n & (n - 1)) == 0 means a power of two for n > 0", "[lemmas]") {
  // The fact VcContext::maskOperation states, checked by brute force on its
  // domain's small values (the same bit identity holds at every width).
  for (int64_t n = 1; n <= 70000; ++n) {
    bool pow2 = (n & (n - 1)) == 0;
    bool isPow = false;
    for (int k = 0; k < 20; ++k)
      isPow = isPow || n == (int64_t{1} << k);
    REQUIRE(pow2 == isPow);
  }
  // n == 0 has (0 & -1) == 0 but is no power of two: the fact asks n > 0.
  CHECK((0 & (0 - 1)) == 0);
}

TEST_CASE("a halving loop keeps (s & (s - 1)) == 0 only from a power of two", "[lemmas][c]") {
  const char *kernel = R"(/*@
  context %s;
@*/
__kernel void halve(__global int *a, int k) {
  /*@
    loop_invariant (s & (s - 1)) == 0;
  @*/
  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
    //@ assert s == 1 || s %% 2 == 0;
  }
}
)";
  auto run = [&](const char *contract) {
    char text[1024];
    std::snprintf(text, sizeof text, kernel, contract);
    return runSnippet(text, "halving", ".cl");
  };
  auto ok = run("0 <= k && k <= 10 && get_local_size(0) == 1 << k");
  CHECK(ok.verdict == Verdict::Verified);
  CHECK(ok.errors.empty());
  // An even local size (6: s == 3) is not enough: the invariant fails on entry.
  auto even = run("get_local_size(0) % 2 == 0 && get_local_size(0) <= 1024");
  CHECK(even.verdict == Verdict::Failed);
  CHECK(even.errors == Errors{{"loop.entry", 6}});
}

// The path condition's facts are walked once (FactIndex) and shared by every later
// obligation: the terms found in facts give the same lemmas, in the same order, on
// every call, as when they are found in the goal.
TEST_CASE("lemmas over facts: each fact is indexed once, and answers do not change", "[lemmas]") {
  T x = var("x", Sort::Int), y = var("y", Sort::Int), k = var("k", Sort::Int);
  T half = div(x, intConst(4));
  std::vector<T> facts{app("isPow2", Sort::Bool, {x}), eq(mod(x, intConst(4)), intConst(0)),
                       eq(mod(y, k), intConst(1)), lt(half, intConst(9))};
  T goal = eq(mod(x, k), intConst(1));
  kprove::vcgen::FactIndex index;
  auto strings = [](const std::vector<T> &ts) {
    std::vector<std::string> out;
    for (const T &t : ts)
      out.push_back(toString(t));
    return out;
  };
  auto pow2 = strings(kprove::vcgen::powerOfTwoLemmas(goal, facts, index));
  auto residues = strings(kprove::vcgen::residueLemmas(goal, facts, index));
  CHECK(pow2.size() == 3);     // isPow2(x), x div 4, x mod 4
  CHECK(residues.size() == 1); // x mod k against y mod k
  // Again with the index filled: the same lemmas.
  CHECK(strings(kprove::vcgen::powerOfTwoLemmas(goal, facts, index)) == pow2);
  CHECK(strings(kprove::vcgen::residueLemmas(goal, facts, index)) == residues);
  // Without isPow2 anywhere there are none (their div terms only cost the solver).
  kprove::vcgen::FactIndex fresh;
  CHECK(kprove::vcgen::powerOfTwoLemmas(goal, {facts[1], facts[3]}, fresh).empty());
}
