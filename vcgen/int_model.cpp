#include "vcgen/int_model.h"

namespace kprove::vcgen {

using namespace term;

T pow2Const(unsigned bits) {
  if (bits <= 62)
    return intConst(int64_t{1} << bits);
  // Not folded (it overflows int64): the solver computes it.
  return mul(intConst(int64_t{1} << 32), pow2Const(bits - 32));
}

T minOf(ir::IntType t) {
  if (!t.isSigned)
    return intConst(0);
  if (t.bits >= 64)
    return intConst(INT64_MIN);
  return intConst(-(int64_t{1} << (t.bits - 1)));
}

T maxOf(ir::IntType t) {
  if (t.isSigned)
    return t.bits >= 64 ? intConst(INT64_MAX) : intConst((int64_t{1} << (t.bits - 1)) - 1);
  return sub(pow2Const(t.bits), intConst(1));
}

T inRange(const T &x, ir::IntType t) {
  if (!t.bounded())
    return tru();
  return land(le(minOf(t), x), le(x, maxOf(t)));
}

bool fitsIn(ir::IntType from, ir::IntType to) {
  if (!to.bounded())
    return true;
  if (!from.bounded())
    return false;
  if (from.isSigned == to.isSigned)
    return from.bits <= to.bits;
  // unsigned into signed needs a wider type; signed never fits an unsigned one.
  return !from.isSigned && from.bits < to.bits;
}

T wrapTo(const T &x, ir::IntType t) {
  if (!t.bounded())
    return x;
  int64_t v = 0;
  if (x->op == Op::IntConst) {
    v = x->num;
    if (t.bits >= 64 && !t.isSigned && v < 0)
      return v == INT64_MIN ? pow2Const(63) : sub(pow2Const(64), intConst(-v)); // 2^64 + v
    if (t.bits < 64) {
      int64_t m = int64_t{1} << t.bits;
      int64_t r = ((v % m) + m) % m;
      if (t.isSigned && r >= m / 2)
        r -= m;
      return intConst(r);
    }
    return x;
  }
  T modulus = pow2Const(t.bits);
  // The `ite` keeps the common in-range case syntactically `x` for the solver.
  T wrapped = t.isSigned ? sub(mod(add(x, pow2Const(t.bits - 1)), modulus), pow2Const(t.bits - 1))
                         : mod(x, modulus);
  return ite(inRange(x, t), x, wrapped);
}

T truncDiv(const T &a, const T &b) {
  if (b->op == Op::IntConst && b->num > 0) {
    if (a->op == Op::IntConst && a->num >= 0)
      return intConst(a->num / b->num);
    return ite(le(intConst(0), a), div(a, b), neg(div(neg(a), b)));
  }
  T absA = ite(le(intConst(0), a), a, neg(a));
  T absB = ite(le(intConst(0), b), b, neg(b));
  T q = div(absA, absB);
  return ite(eq(le(intConst(0), a), le(intConst(0), b)), q, neg(q));
}

T truncMod(const T &a, const T &b) {
  if (b->op == Op::IntConst && b->num > 0)
    return ite(le(intConst(0), a), mod(a, b), neg(mod(neg(a), b)));
  return sub(a, mul(b, truncDiv(a, b)));
}

T pow2(const T &k) {
  // Literal amounts up to 64-bit shifts are constants (2^63 too: `(ulong)1 << 63`, a
  // 64-bit mask's top bit, was an unknown power of two).
  if (k->op == Op::IntConst && k->num >= 0 && k->num <= 127)
    return pow2Const(static_cast<unsigned>(k->num));
  return app("pow2", Sort::Int, {k});
}

std::vector<T> pow2Facts(const T &p) {
  if (p->op != Op::App || p->name != "pow2")
    return {};
  // Measured (Z3 4.8.12, docs/performance.md "bit operations"): ground facts per
  // term prove the doubling and halving loops in < 0.3 s; quantified axioms were
  // seed-dependent.
  const T &k = p->args[0];
  T up = app("pow2", Sort::Int, {add(k, intConst(1))});
  T down = app("pow2", Sort::Int, {sub(k, intConst(1))});
  T log = app("log2", Sort::Int, {p});
  T zero = intConst(0);
  // Where 2^x crosses the widths of int and unsigned int, for x = k and k + 1 (so
  // that `2 * (1 << k)` is known to fit once k + 1 < 31).
  auto widths = [](const T &x, const T &px) {
    return land(eq(lt(x, intConst(31)), lt(px, pow2Const(31))),
                eq(lt(x, intConst(32)), lt(px, pow2Const(32))));
  };
  return {eq(app("pow2", Sort::Int, {zero}), intConst(1)),
          implies(le(zero, k), land({le(intConst(1), p), eq(up, mul(intConst(2), p)), eq(log, k),
                                     widths(k, p), widths(add(k, intConst(1)), up)})),
          implies(le(intConst(1), k), eq(p, mul(intConst(2), down))),
          implies(le(zero, k), app("isPow2", Sort::Bool, {p}))};
}

namespace {

// Whether the literal v is 2^n (n >= 0); sets n.
bool isPowerOfTwo(int64_t v, unsigned &n) {
  if (v <= 0 || (v & (v - 1)) != 0)
    return false;
  n = static_cast<unsigned>(__builtin_ctzll(static_cast<unsigned long long>(v)));
  return true;
}

// Bit n (of value 2^n = p) of a: floor(a / p) mod 2, which is right for negative a
// in two's complement too (floor division, Euclidean mod by a positive number).
T bitOf(const T &a, const T &p) {
  return eq(mod(div(a, p), intConst(2)), intConst(1));
}

bool isLit(const T &t, int64_t &v) {
  if (t->op != Op::IntConst)
    return false;
  v = t->num;
  return true;
}

// The exact value of `a & c` for a literal c of the forms 2^n, 2^n - 1, ~2^n and
// -2^n (all a's values); nullptr for other literals.
T andLiteral(const T &a, int64_t c) {
  unsigned n = 0;
  if (c == 0)
    return intConst(0);
  if (c == -1)
    return a;
  if (isPowerOfTwo(c, n))
    return ite(bitOf(a, intConst(c)), intConst(c), intConst(0));
  if (c > 0 && c < INT64_MAX && isPowerOfTwo(c + 1, n))
    return mod(a, intConst(c + 1));
  if (c < 0 && c > INT64_MIN && isPowerOfTwo(-(c + 1), n)) // c == ~2^n
    return sub(a, ite(bitOf(a, intConst(-(c + 1))), intConst(-(c + 1)), intConst(0)));
  if (c < 0 && c > INT64_MIN && isPowerOfTwo(-c, n)) // c == -2^n == ~(2^n - 1)
    return sub(a, mod(a, intConst(-c)));
  return nullptr;
}

} // namespace

T exactBitOperation(char op, const T &a, const T &b) {
  int64_t x = 0, y = 0;
  if (isLit(a, x) && isLit(b, y))
    return intConst(op == '&' ? (x & y) : op == '|' ? (x | y) : (x ^ y));
  T other = a, both = nullptr;
  if (isLit(b, y))
    both = andLiteral(a, y);
  else if (isLit(a, x)) {
    both = andLiteral(b, x);
    other = b;
    y = x;
  }
  if (!both)
    return nullptr;
  // a | c == a + c - (a & c), a ^ c == a + c - 2 * (a & c)
  T sum = add(other, intConst(y));
  return op == '&' ? both : op == '|' ? sub(sum, both) : sub(sum, mul(intConst(2), both));
}

T isPowerOfTwo(const T &x) {
  int64_t v = 0;
  unsigned n = 0;
  if (isLit(x, v))
    return boolConst(isPowerOfTwo(v, n));
  return app("isPow2", Sort::Bool, {x});
}

namespace {
void collectTypes(const std::vector<ir::StmtPtr> &body, std::map<std::string, ir::IntType> &out) {
  for (const ir::StmtPtr &s : body) {
    if (s->kind == ir::StmtKind::VarDecl && s->cint.bounded())
      out[s->name] = s->cint;
    collectTypes(s->body, out);
    collectTypes(s->elseBody, out);
  }
}
} // namespace

void assumeTypedBuffersDistinct(const VcContext &vc, const std::vector<ir::Param> &params,
                                State &st) {
  for (size_t i = 0; i < params.size(); ++i)
    for (size_t j = i + 1; j < params.size(); ++j) {
      const ir::Param &a = params[i], &b = params[j];
      if (a.type == ir::Type::IntArray && b.type == ir::Type::IntArray && vc.bounded(a.cint) &&
          vc.bounded(b.cint) && a.cint != b.cint && st.vars.count(a.name) && st.vars.count(b.name))
        st.assume(neq(st.vars.at(a.name), st.vars.at(b.name)));
    }
}

std::map<std::string, ir::IntType> intTypesOf(const std::vector<ir::Param> &params,
                                              const std::vector<ir::StmtPtr> &body) {
  std::map<std::string, ir::IntType> out;
  for (const ir::Param &p : params)
    if (p.type == ir::Type::Int && p.cint.bounded())
      out[p.name] = p.cint;
  collectTypes(body, out);
  return out;
}

} // namespace kprove::vcgen
