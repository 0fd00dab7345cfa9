// kprove's own first-order term language: what vcgen builds and prover/ answers.
// It mirrors the SMT-LIB fragment kprove needs (booleans, integers, reals, array
// references, and the heap and permission-mask maps), so the solver is swappable
// and no Z3 header leaks out of prover/.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace kprove::term {

enum class SortKind : uint8_t {
  Bool,
  Int,
  Real,
  Ref,  // an array object
  Heap, // (Array Ref Int Int): the value of every array cell
  Mask, // (Array Ref Int Real): the permission held to every array cell
  Seq,  // (Seq E): a finite sequence (SMT's sequence theory) of Bool, Int, Real or Seq
};

// A sort: a kind, and for Seq its element sort as the number of `Seq` around a base
// kind. Converts to its kind, so `switch (s)` and `s == Sort::Int` read as for an
// enumeration.
class Sort {
public:
  constexpr Sort() = default;
  constexpr explicit Sort(SortKind k) : kind_(k) {}
  static const Sort Bool, Int, Real, Ref, Heap, Mask;

  constexpr operator SortKind() const { return kind_; }
  constexpr SortKind kind() const { return kind_; }
  constexpr bool operator==(const Sort &o) const {
    return kind_ == o.kind_ && depth_ == o.depth_ && base_ == o.base_;
  }
  constexpr bool operator!=(const Sort &o) const { return !(*this == o); }
  static constexpr Sort seqOf(Sort elem) {
    Sort s(SortKind::Seq);
    s.depth_ = static_cast<uint8_t>(elem.kind_ == SortKind::Seq ? elem.depth_ + 1 : 1);
    s.base_ = elem.kind_ == SortKind::Seq ? elem.base_ : elem.kind_;
    return s;
  }
  constexpr Sort element() const {
    if (kind_ != SortKind::Seq)
      return Sort();
    if (depth_ == 1)
      return Sort(base_);
    Sort s = *this;
    --s.depth_;
    return s;
  }

private:
  SortKind kind_ = SortKind::Int;
  uint8_t depth_ = 0;
  SortKind base_ = SortKind::Int;
};
inline constexpr Sort Sort::Bool{SortKind::Bool};
inline constexpr Sort Sort::Int{SortKind::Int};
inline constexpr Sort Sort::Real{SortKind::Real};
inline constexpr Sort Sort::Ref{SortKind::Ref};
inline constexpr Sort Sort::Heap{SortKind::Heap};
inline constexpr Sort Sort::Mask{SortKind::Mask};
// SMT-LIB-like: "Int", "(Seq Int)".
std::string sortName(Sort s);

enum class Op {
  True,
  False,
  IntConst,
  RealConst, // RealConst = num/den
  Var,       // a constant (free) or a bound variable (under a quantifier), by name
  App,       // an uninterpreted function application, by name
  Not,
  And,
  Or,
  Implies,
  Ite,
  Eq,
  Lt,
  Le,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Neg,
  ToReal,
  Select, // args: map, ref, index
  Store,  // args: map, ref, index, value
  Forall,
  Exists,
  // Sequences (sort Seq E): SMT-LIB's seq.len, seq.nth, seq.++, seq.unit, seq.empty
  // (the term's sort says which), seq.extract (args: s, offset, length).
  SeqLen,
  SeqNth,
  SeqConcat,
  SeqUnit,
  SeqEmpty,
  SeqExtract,
};

struct Term;
using T = std::shared_ptr<const Term>;

struct BoundVar {
  std::string name;
  Sort sort;
};

struct Term {
  Op op;
  Sort sort;
  std::string name; // Var, App
  int64_t num = 0;  // IntConst, RealConst numerator
  int64_t den = 1;  // RealConst denominator (> 0)
  std::vector<T> args;
  std::vector<BoundVar> bound;          // quantifiers
  std::vector<std::vector<T>> patterns; // quantifiers: each inner vector is one multi-pattern
};

// Builders. They fold constants and trivial cases (and(true, x) = x, ...) so that
// queries stay small and readable in --dump-smt output.
T tru();
T fls();
T boolConst(bool b);
T intConst(int64_t v);
T realConst(int64_t num, int64_t den);
T var(std::string name, Sort s);
T app(std::string name, Sort result, std::vector<T> args);
T lnot(T a);
T land(T a, T b);
T land(const std::vector<T> &xs);
T lor(T a, T b);
T implies(T a, T b);
T ite(T c, T a, T b);
T eq(T a, T b);
T neq(T a, T b);
T lt(T a, T b);
T le(T a, T b);
T gt(T a, T b);
T ge(T a, T b);
T add(T a, T b);
T sub(T a, T b);
T mul(T a, T b);
T div(T a, T b);
T mod(T a, T b);
T neg(T a);
T toReal(T a); // identity on Real terms
T select(T map, T ref, T index);
T seqLen(T s);
T seqNth(T s, T i); // the element at i; unspecified outside [0, |s|)
T seqConcat(T a, T b);
T seqUnit(T x);
T seqEmpty(Sort seqSort);
T seqExtract(T s, T offset, T length);
T store(T map, T ref, T index, T value);
T forall(std::vector<BoundVar> vars, T body, std::vector<std::vector<T>> patterns = {});
T exists(std::vector<BoundVar> vars, T body, std::vector<std::vector<T>> patterns = {});

bool isTrue(const T &t);
bool isFalse(const T &t);
// Replaces free occurrences of variables by name (used to instantiate binders).
T substitute(const T &t, const std::vector<std::pair<std::string, T>> &map);
// True when `t` mentions a variable with this name (free or bound alike).
bool mentions(const T &t, const std::string &name);
// The variables the terms mention free (outside every binder of the same name,
// patterns included), with their sorts. Shared subterms are visited once.
std::map<std::string, Sort> freeVariables(const std::vector<T> &ts);
// SMT-LIB-like rendering for debugging and tests.
std::string toString(const T &t);

} // namespace kprove::term
