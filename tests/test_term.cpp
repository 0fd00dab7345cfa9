// The term language's builders and the Z3 prover behind its interface.
#include "logic/term.h"
#include "prover/prover.h"
#include "vcgen/triggers.h"

#include <catch2/catch.hpp>

using namespace kprove;
using namespace kprove::term;

TEST_CASE("builders fold constants and trivial connectives", "[term]") {
  T x = var("x", Sort::Int);
  CHECK(isTrue(land(tru(), tru())));
  CHECK(land(tru(), eq(x, x)) == tru());
  CHECK(toString(add(intConst(2), intConst(3))) == "5");
  CHECK(toString(add(x, intConst(0))) == "x");
  CHECK(isTrue(implies(fls(), eq(x, intConst(1)))));
  CHECK(toString(lnot(lnot(lt(x, intConst(1))))) == "(< x 1)");
  // Overflow is not folded.
  CHECK(toString(add(intConst(INT64_MAX), intConst(1))) == "(+ 9223372036854775807 1)");
}

TEST_CASE("mixed integer and real arithmetic is lifted to real", "[term]") {
  T x = var("x", Sort::Int);
  T r = add(x, realConst(1, 2));
  CHECK(r->sort == Sort::Real);
  CHECK(toString(r) == "(+ (to_real x) (/ 1 2))");
}

TEST_CASE("substitution respects binders", "[term]") {
  T x = var("x", Sort::Int), y = var("y", Sort::Int);
  T q = forall({{"x", Sort::Int}}, lt(x, y));
  T s = substitute(land(lt(x, y), q), {{"x", intConst(7)}, {"y", intConst(9)}});
  CHECK(toString(s) == "(and (< 7 9) (forall ((x Int)) (< x 9)))");
}

TEST_CASE("the Z3 prover proves, refutes, and reports unknown", "[prover]") {
  auto p = prover::makeZ3Prover({10000, 0, 5000000});
  T x = var("x", Sort::Int);
  prover::Query proved{{lt(intConst(0), x)}, lt(intConst(-1), x)};
  CHECK(p->check(proved).verdict == prover::Verdict::Proved);
  prover::Query failed{{lt(intConst(0), x)}, lt(intConst(1), x)};
  CHECK(p->check(failed).verdict == prover::Verdict::Failed);

  // Heap and mask maps: a store is visible at its location only.
  T h = var("h", Sort::Heap), a = var("a", Sort::Ref), i = var("i", Sort::Int);
  T h2 = store(h, a, i, intConst(5));
  prover::Query sel{{}, eq(select(h2, a, i), intConst(5))};
  CHECK(p->check(sel).verdict == prover::Verdict::Proved);
  prover::Query other{{}, eq(select(h2, a, add(i, intConst(1))), intConst(5))};
  CHECK(p->check(other).verdict == prover::Verdict::Failed);
}

TEST_CASE("an undecidable-in-time query is unknown, never proved", "[prover]") {
  auto p = prover::makeZ3Prover({1, 0, 1000}); // 1 ms
  // x^3 + y^3 == z^3 has no positive solution (Fermat, n = 3): hard for Z3.
  T x = var("x", Sort::Int), y = var("y", Sort::Int), z = var("z", Sort::Int);
  auto c = [](T v) { return mul(v, mul(v, v)); };
  prover::Query q{{lt(intConst(0), x), lt(intConst(0), y), lt(intConst(0), z)},
                  neq(add(c(x), c(y)), c(z))};
  CHECK(p->check(q).verdict != prover::Verdict::Proved);
}

TEST_CASE("SMT-LIB dump is a standalone script", "[prover]") {
  auto p = prover::makeZ3Prover({10000, 3, 5000000});
  T x = var("x", Sort::Int);
  std::string s = p->toSmtLib({{lt(intConst(0), x)}, lt(intConst(-1), x)});
  CHECK(s.find("(declare-fun x () Int)") != std::string::npos);
  CHECK(s.find("(check-sat)") != std::string::npos);
  CHECK(s.find("random_seed 3") != std::string::npos);
}

TEST_CASE("a read at c + i is triggered through a variable standing for the index", "[term]") {
  using namespace kprove::term;
  T heap = var("heap", Sort::Heap), a = var("a", Sort::Ref), c = var("c", Sort::Int);
  T i = var("i", Sort::Int);
  // forall i. 0 <= i ==> heap[a][c + i] == i
  T body = implies(le(intConst(0), i), eq(select(heap, a, add(c, i)), i));
  auto q = kprove::vcgen::triggerOnIndex({"i", Sort::Int}, body);
  REQUIRE(q);
  T x = var("i$x", Sort::Int);
  CHECK(q->bound.name == "i$x");
  REQUIRE(q->patterns.size() == 1);
  CHECK(toString(q->patterns[0][0]) == toString(select(heap, a, x)));
  CHECK(toString(q->body) ==
        toString(implies(le(intConst(0), sub(x, c)), eq(select(heap, a, x), sub(x, c)))));
  // c - i inverts too; 2 * i does not (not a bijection on the integers).
  CHECK(kprove::vcgen::triggerOnIndex({"i", Sort::Int}, eq(select(heap, a, sub(c, i)), i)));
  CHECK_FALSE(
      kprove::vcgen::triggerOnIndex({"i", Sort::Int}, eq(select(heap, a, mul(intConst(2), i)), i)));
  // A bare index needs nothing.
  CHECK_FALSE(kprove::vcgen::triggerOnIndex({"i", Sort::Int}, eq(select(heap, a, i), i)));
}
