#include "vcgen/expr_encoder.h"

#include "vcgen/function_contract.h"
#include "vcgen/int_model.h"
#include "vcgen/two_thread.h"

#include <fmt/format.h>

#include <algorithm>

namespace kprove::vcgen {

using namespace term;

namespace {

using Interval = std::pair<__int128, __int128>;
constexpr __int128 kLimit = static_cast<__int128>(1) << 80; // beyond every C type

std::optional<Interval> typeInterval(ir::IntType t) {
  if (!t.bounded())
    return std::nullopt;
  __int128 m = static_cast<__int128>(1) << t.bits;
  return t.isSigned ? Interval{-m / 2, m / 2 - 1} : Interval{0, m - 1};
}

// `e` under the conversions that keep every launch value (a thread id or launch
// size, in [0, kMaxGlobalSize]): to unbounded integers, to signed types of at least
// 32 bits and unsigned ones of at least 31. A narrower one (`(char)get_group_id(0)`)
// changes such values and is kept.
const ir::Expr &stripConverts(const ir::Expr &e) {
  if (e.kind != ir::ExprKind::Convert)
    return e;
  if (e.cint.bounded() && e.cint.bits < (e.cint.isSigned ? 32 : 31))
    return e;
  return stripConverts(*e.args[0]);
}

// Whether `e` (under conversions) is the launch variable of `kind` ("lid", "grp",
// "lsz", "ngr") in some dimension; sets it.
bool isLaunchVar(const ir::Expr &e, const char *kind, int &dim) {
  const ir::Expr &v = stripConverts(e);
  if (v.kind != ir::ExprKind::Var)
    return false;
  for (int d = 0; d < 3; ++d)
    if (v.name == ir::gpuBuiltinName(kind, d)) {
      dim = d;
      return true;
    }
  return false;
}

bool isAnyLaunchVar(const ir::Expr &e) {
  int d = 0;
  return isLaunchVar(e, "lid", d) || isLaunchVar(e, "grp", d) || isLaunchVar(e, "lsz", d) ||
         isLaunchVar(e, "ngr", d);
}

// `count * lsz` of one dimension, count being "grp" (a group's first global id) or
// "ngr" (the global size).
bool isLaunchProduct(const ir::Expr &e, const char *count, int &dim) {
  const ir::Expr &m = stripConverts(e);
  int d1 = 0, d2 = 0;
  if (m.kind != ir::ExprKind::Binary || m.binop != ir::BinOp::Mul)
    return false;
  for (int swap = 0; swap < 2; ++swap)
    if (isLaunchVar(*m.args[swap], count, d1) && isLaunchVar(*m.args[1 - swap], "lsz", d2) &&
        d1 == d2) {
      dim = d1;
      return true;
    }
  return false;
}

// The value of a literal, possibly negated or complemented (`~8`), through
// conversions to types of at least `bits` bits: those keep its low `bits` bits,
// all an operation of that width reads of it.
// The value is returned as an integer with the same low `bits` bits; each step is
// first brought into its own C type, as C computes it: `~8u` is 4294967287 (and so
// it stays when widened to 64 bits), not -9; `(uint)-1` is 4294967295.
std::optional<int64_t> inTypeOf(const ir::Expr &e, std::optional<int64_t> v) {
  if (!v || !e.cint.bounded() || e.cint.bits >= 64)
    return v; // 64 bits: an int64_t has the same low 64 bits
  const int64_t m = int64_t{1} << e.cint.bits;
  int64_t r = ((*v % m) + m) % m; // in [0, 2^bits)
  if (e.cint.isSigned && r >= m / 2)
    r -= m;
  return r;
}
std::optional<int64_t> constantValue(const ir::Expr &e, unsigned bits) {
  if (e.kind == ir::ExprKind::Convert)
    return e.cint.bounded() && e.cint.bits < bits ? std::nullopt
                                                  : inTypeOf(e, constantValue(*e.args[0], bits));
  if (e.kind == ir::ExprKind::IntLit)
    return inTypeOf(e, e.intValue);
  if (e.kind == ir::ExprKind::Unary && e.unop != ir::UnOp::Not)
    if (std::optional<int64_t> a = constantValue(*e.args[0], bits);
        a && *a > INT64_MIN && *a < INT64_MAX)
      return inTypeOf(e, e.unop == ir::UnOp::Neg ? -*a : -*a - 1);
  return std::nullopt;
}

// Products and sums of launch variables the global-size limit bounds (every
// dimension's ngr * lsz is at most kMaxGlobalSize, docs/soundness.md "launch
// sizes"): grp * lsz, ngr * lsz, and the global id grp * lsz + lid (not
// ngr * lsz + lid, which may exceed it).
std::optional<Interval> launchShapeRange(const ir::Expr &e) {
  const ir::Expr &x = stripConverts(e);
  int d1 = 0, d2 = 0;
  if (isLaunchProduct(x, "grp", d1) || isLaunchProduct(x, "ngr", d1))
    return Interval{0, kMaxGlobalSize};
  if (x.kind == ir::ExprKind::Binary && x.binop == ir::BinOp::Add)
    for (int swap = 0; swap < 2; ++swap)
      if (isLaunchVar(*x.args[1 - swap], "lid", d2) && isLaunchProduct(*x.args[swap], "grp", d1) &&
          d1 == d2)
        return Interval{0, kMaxGlobalSize - 1};
  return std::nullopt;
}

} // namespace

std::string ExprEncoder::functionSymbol(const std::string &name, bool limited) {
  return (limited ? "fn$lim$" : "fn$") + name;
}

void ExprEncoder::require(const T &goal, DiagCode code, SourceRange range, std::string message,
                          std::vector<DiagNote> notes) {
  if (!checks)
    return;
  vc_.check(st_, guards, goal, code, range, std::move(message), std::move(notes));
}

namespace {
// The variable n of an operand `n - 1` (under conversions that keep its value:
// n - 1 >= 0 once n is a power of two, and every integer type holds it).
const ir::Expr *minusOneOfVariable(const ir::Expr &e) {
  const ir::Expr *x = &e;
  while (x->kind == ir::ExprKind::Convert)
    x = x->args[0].get();
  if (x->kind != ir::ExprKind::Binary || x->binop != ir::BinOp::Sub)
    return nullptr;
  const ir::Expr &one = *x->args[1], *n = x->args[0].get();
  if (one.kind != ir::ExprKind::IntLit || one.intValue != 1)
    return nullptr;
  while (n->kind == ir::ExprKind::Convert)
    n = n->args[0].get();
  return n->kind == ir::ExprKind::Var ? n : nullptr;
}
} // namespace

T ExprEncoder::guarded(const T &cond, const ir::Expr &e) {
  guards.push_back(cond);
  T r = encode(e);
  guards.pop_back();
  return r;
}

namespace {
// Marks saved entries of the pre-state's variables (no identifier contains a space).
const std::string kOldPrefix = "\\old ";
} // namespace

std::vector<T>
ExprEncoder::bindSkolems(const std::vector<ir::Binder> &binders,
                         std::vector<std::pair<std::string, std::optional<T>>> &saved) {
  std::vector<T> out;
  for (const ir::Binder &b : binders) {
    auto it = st_.vars.find(b.name);
    saved.emplace_back(b.name, it == st_.vars.end() ? std::nullopt : std::optional<T>(it->second));
    T k = vc_.freshVar(b.name, sortOf(b.type));
    st_.vars[b.name] = k;
    // A bound name means the binder in \old(...) too (a thread id is the same thread
    // in the pre-state; a quantifier's variable shadows a local of the same name).
    if (auto old = st_.oldVars.find(b.name); old != st_.oldVars.end()) {
      saved.emplace_back(kOldPrefix + b.name, old->second);
      old->second = k;
    }
    out.push_back(k);
  }
  return out;
}

void ExprEncoder::restore(const std::vector<std::pair<std::string, std::optional<T>>> &saved) {
  for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
    if (it->first.rfind(kOldPrefix, 0) == 0) {
      st_.oldVars[it->first.substr(kOldPrefix.size())] = *it->second;
      continue;
    }
    if (it->second)
      st_.vars[it->first] = *it->second;
    else
      st_.vars.erase(it->first);
  }
}

T ExprEncoder::encode(const ir::Expr &e) {
  T t = encodeNode(e);
  if (!e.userTrigger)
    return t;
  if (triggerFrames.empty()) {
    vc_.typeError(e.range, "a trigger {: ... :} must be inside the body of a quantifier");
    return t;
  }
  std::vector<UserTrigger> &frame = triggerFrames.back();
  bool known = false;
  for (const UserTrigger &u : frame)
    known = known || toString(u.term) == toString(t);
  if (!known)
    frame.push_back({t, e.range});
  return t;
}

std::vector<std::vector<T>>
ExprEncoder::userPatterns(const std::vector<UserTrigger> &frame,
                          const std::vector<std::pair<std::string, T>> &sub,
                          const std::vector<BoundVar> &bound) {
  if (frame.empty())
    return {};
  std::vector<T> multi;
  bool ok = true;
  for (const UserTrigger &u : frame) {
    multi.push_back(substitute(u.term, sub));
    if (std::string why = patternProblem(multi.back(), bound); !why.empty()) {
      vc_.typeError(u.range, why);
      ok = false;
    }
  }
  if (ok)
    if (std::string why = multiPatternProblem(multi, bound); !why.empty()) {
      vc_.typeError(frame.front().range, why);
      ok = false;
    }
  if (!ok)
    return {};
  return {multi};
}

T ExprEncoder::encodeNode(const ir::Expr &e) {
  switch (e.kind) {
  case ir::ExprKind::IntLit:
    return intConst(e.intValue);
  case ir::ExprKind::BoolLit:
    return boolConst(e.boolValue);
  case ir::ExprKind::NullLit:
    return nullRef();
  case ir::ExprKind::PermConst:
    switch (e.permConst) {
    case ir::PermConst::Write:
      return realConst(1, 1);
    case ir::PermConst::None:
      return realConst(0, 1);
    case ir::PermConst::Read:
      return readPermission(); // 0 < read < 1, see docs/language.md
    }
    break;
  case ir::ExprKind::Var: {
    auto it = st_.vars.find(e.name);
    if (it == st_.vars.end()) {
      vc_.typeError(e.range, fmt::format("'{}' is not available here", e.name));
      return var("undefined$" + e.name, sortOf(e.type));
    }
    return it->second;
  }
  case ir::ExprKind::Unary: {
    T a = encode(*e.args[0]);
    if (e.unop == ir::UnOp::Not)
      return lnot(a);
    if (e.unop == ir::UnOp::BitNot) // ~a == -a - 1 in two's complement; wraps if unsigned
      return vc_.bounded(e.cint) && !e.cint.isSigned ? sub(maxOf(e.cint), a)
                                                     : sub(neg(a), intConst(1));
    return arithResult(e, neg(a));
  }
  case ir::ExprKind::Convert: {
    T a = encode(*e.args[0]);
    if (!vc_.bounded(e.cint) || fitsIn(e.args[0]->cint, e.cint))
      return a;
    if (auto r = staticRange(*e.args[0]), t = typeInterval(e.cint);
        r && t && r->first >= t->first && r->second <= t->second)
      return a;
    return vc_.wrapTo(a, e.cint);
  }
  case ir::ExprKind::NewArray: // a statement (Executor::allocate); the type checker
    vc_.unsupported(e.range, "'new' inside an expression");
    return vc_.freshVar("new", Sort::Ref);
  case ir::ExprKind::ValidMatrix: {
    // VerCors's ValidMatrix: non-null, `rows` rows, each non-null of length `columns`,
    // and no two the same (stated through the inverse rowIndex, which exists exactly
    // when they are distinct).
    T m = encode(*e.args[0]), rows = encode(*e.args[1]), columns = encode(*e.args[2]);
    T i = var(vc_.fresh("row"), Sort::Int);
    T row = rowOf(m, i);
    T each =
        implies(land(le(intConst(0), i), lt(i, rows)),
                land({neq(row, nullRef()), eq(lengthOf(row), columns), eq(rowIndex(m, row), i)}));
    return land(
        {neq(m, nullRef()), eq(lengthOf(m), rows), forall({{i->name, Sort::Int}}, each, {{row}})});
  }
  case ir::ExprKind::Binary:
    return encodeBinary(e);
  case ir::ExprKind::Ite: {
    T c = encode(*e.args[0]);
    T a = guarded(c, *e.args[1]);
    T b = guarded(lnot(c), *e.args[2]);
    return ite(c, a, b);
  }
  case ir::ExprKind::Index:
    return encodeIndex(e);
  case ir::ExprKind::Seq:
    return encodeSeq(e);
  case ir::ExprKind::Length: {
    T ref = encode(*e.args[0]);
    require(neq(ref, nullRef()), DiagCode::Null, e.range, "the array may be null");
    return lengthOf(ref);
  }
  case ir::ExprKind::Call:
    return encodeCall(e);
  case ir::ExprKind::Old:
    return encodeOld(e);
  case ir::ExprKind::Other:
    return encodeOther(e);
  case ir::ExprKind::Enabled:
    // The thread evaluating it is where it evaluates it; the second thread may not
    // be (inside an Other, this thread's symbol becomes the second thread's).
    return inOther_ ? thisEnabled() : boolConst(true);
  case ir::ExprKind::Result:
    if (!st_.result) {
      vc_.typeError(e.range, "\\result is only available in postconditions");
      return var("undefined$result", sortOf(e.type));
    }
    return st_.result;
  case ir::ExprKind::Forall:
  case ir::ExprKind::Exists:
    return encodeQuantifier(e);
  case ir::ExprKind::Sum:
    return encodeSum(e);
  case ir::ExprKind::ForallStar:
  case ir::ExprKind::Perm:
  case ir::ExprKind::PointsTo:
    vc_.unsupported(e.range, "permission expression in a position kprove evaluates as a value");
    return tru();
  }
  return tru();
}

T ExprEncoder::encodeBinary(const ir::Expr &e) {
  using ir::BinOp;
  // Short-circuit operators: the right side is only evaluated when it matters.
  if (e.binop == BinOp::And || e.binop == BinOp::Star) {
    T a = encode(*e.args[0]);
    return land(a, guarded(a, *e.args[1]));
  }
  if (e.binop == BinOp::Or) {
    T a = encode(*e.args[0]);
    return lor(a, guarded(lnot(a), *e.args[1]));
  }
  if (e.binop == BinOp::Implies) {
    T a = encode(*e.args[0]);
    return implies(a, guarded(a, *e.args[1]));
  }
  T a = encode(*e.args[0]);
  T b = encode(*e.args[1]);
  switch (e.binop) {
  case BinOp::Add:
    return arithResult(e, add(a, b));
  case BinOp::Sub:
    return arithResult(e, sub(a, b));
  case BinOp::Mul:
    return arithResult(e, mul(a, b));
  case BinOp::TDiv:
  case BinOp::TMod: {
    require(neq(b, intConst(0)), DiagCode::DivZero, e.args[1]->range, "the divisor may be zero");
    bool nonNegative = vc_.bounded(e.cint) && !e.cint.isSigned;
    T q = nonNegative ? div(a, b) : vc_.truncDiv(a, b);
    if (vc_.bounded(e.cint) && e.cint.isSigned && !e.exactInSpec)
      require(inRange(q, e.cint), DiagCode::Overflow, e.range,
              fmt::format("'{}' may overflow {} (the minimum divided by -1)", vc_.spelling(e),
                          ir::intTypeName(e.cint)));
    if (e.binop == BinOp::TDiv)
      return q;
    return nonNegative ? mod(a, b) : vc_.truncMod(a, b);
  }
  case BinOp::Shl:
  case BinOp::Shr:
    return encodeShift(e, a, b);
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor: {
    if (e.binop == BinOp::BitAnd) {
      // A negative literal converted to the unsigned type (`g & ~8u`, `g & ~8`): on
      // the other operand's bits, in [0, 2^N), it masks as the literal itself.
      ir::IntType t = e.cint;
      auto literal = [&](const ir::Expr &x, T &out) {
        if (!vc_.bounded(t))
          return;
        std::optional<int64_t> v = constantValue(x, t.bits);
        // Unsigned: the other operand has no bits above N. Signed: the literal must
        // be a value of the type, so its bits above N are its sign's.
        if (v && (!t.isSigned || (t.bits >= 64 || (*v >= -(int64_t{1} << (t.bits - 1)) &&
                                                   *v < (int64_t{1} << (t.bits - 1))))))
          out = intConst(*v);
      };
      literal(*e.args[0], a);
      literal(*e.args[1], b);
    }
    // `x & ~m` == x - (x & m) in two's complement (the bits of x outside m), when
    // `~m` is computed in the type of the `&` (a widening conversion in between
    // would add bits). This is how masks that clear one bit are written.
    if (e.binop == BinOp::BitAnd)
      for (int side = 0; side < 2; ++side) {
        const ir::Expr &n = *e.args[side];
        if (n.kind == ir::ExprKind::Unary && n.unop == ir::UnOp::BitNot && n.cint == e.cint &&
            (a->op != Op::IntConst || b->op != Op::IntConst)) {
          const T &other = side ? a : b;
          T inner = encode(*n.args[0]);
          return sub(other, vc_.bitOperation('&', other, inner, e.cint));
        }
      }
    // `x & (n - 1)` with n a variable: x mod n when n is a power of two. Only here
    // is a modulus by a symbolic n created: measured, a generic axiom that did so
    // for every `&` made unrelated proofs time out.
    if (e.binop == BinOp::BitAnd)
      for (int side = 0; side < 2; ++side)
        if (const ir::Expr *n = minusOneOfVariable(*e.args[side])) {
          const T &other = side ? a : b, &mask = side ? b : a;
          return vc_.maskOperation(other, mask, encode(*n), e.cint);
        }
    // Operands in range give a result in range: nothing wraps (the function's
    // axiom says so).
    return vc_.bitOperation(e.binop == BinOp::BitAnd  ? '&'
                            : e.binop == BinOp::BitOr ? '|'
                                                      : '^',
                            a, b, e.cint);
  }
  case BinOp::Div:
  case BinOp::Mod:
  case BinOp::FracDiv: {
    require(neq(b, b->sort == Sort::Real ? realConst(0, 1) : intConst(0)), DiagCode::DivZero,
            e.args[1]->range, "the divisor may be zero");
    if (e.binop == BinOp::FracDiv)
      return div(toReal(a), toReal(b));
    if (a->sort == Sort::Real || b->sort == Sort::Real)
      return div(toReal(a), toReal(b));
    return e.binop == BinOp::Div ? div(a, b) : mod(a, b);
  }
  case BinOp::Lt:
    return lt(a, b);
  case BinOp::Le:
    return le(a, b);
  case BinOp::Gt:
    return gt(a, b);
  case BinOp::Ge:
    return ge(a, b);
  case BinOp::Eq:
    return eq(a, b);
  case BinOp::Ne:
    return neq(a, b);
  default:
    break;
  }
  return tru();
}

// The values `e` can take whatever the state, from the types and the launch limits
// alone (nullopt: unknown). In-range arithmetic then needs no wrap and no overflow
// obligation: most index arithmetic on thread ids is decided here, not by the solver.
std::optional<std::pair<__int128, __int128>> ExprEncoder::staticRange(const ir::Expr &e) const {
  std::optional<Interval> r = exactRange(e);
  const bool arithmetic = (e.kind == ir::ExprKind::Binary &&
                           (e.binop == ir::BinOp::Add || e.binop == ir::BinOp::Sub ||
                            e.binop == ir::BinOp::Mul)) ||
                          (e.kind == ir::ExprKind::Unary && e.unop == ir::UnOp::Neg);
  if (!arithmetic || !vc_.bounded(e.cint) || e.exactInSpec)
    return r;
  // arithResult's value: the exact one when it fits the type; otherwise wrapped
  // into the type (unsigned), or checked to be in it (signed overflow).
  auto t = typeInterval(e.cint);
  if (r && t && r->first >= t->first && r->second <= t->second)
    return r;
  return t;
}

std::optional<std::pair<__int128, __int128>> ExprEncoder::exactRange(const ir::Expr &e) const {
  if (vc_.intMath)
    return std::nullopt;
  auto clamp = [](Interval i) -> std::optional<Interval> {
    if (i.first < -kLimit || i.second > kLimit)
      return std::nullopt;
    return i;
  };
  switch (e.kind) {
  case ir::ExprKind::IntLit:
    return Interval{e.intValue, e.intValue};
  case ir::ExprKind::Var:
    if (isAnyLaunchVar(e)) // at most the global size (docs/soundness.md)
      return Interval{0, kMaxGlobalSize};
    return typeInterval(e.cint);
  case ir::ExprKind::Convert: {
    auto to = typeInterval(e.cint);
    auto from = staticRange(*e.args[0]);
    if (from && to && from->first >= to->first && from->second <= to->second)
      return from;
    return to;
  }
  case ir::ExprKind::Binary: {
    if (auto launch = launchShapeRange(e))
      return launch;
    bool exact =
        e.binop == ir::BinOp::Add || e.binop == ir::BinOp::Sub || e.binop == ir::BinOp::Mul;
    auto a = staticRange(*e.args[0]), b = staticRange(*e.args[1]);
    // + - * are exact here (arithResult wraps or checks them afterwards): unknown
    // operands give an unknown result, never the type's range.
    if (!a || !b)
      return exact ? std::nullopt : typeInterval(e.cint);
    switch (e.binop) {
    case ir::BinOp::Add:
      return clamp({a->first + b->first, a->second + b->second});
    case ir::BinOp::Sub:
      return clamp({a->first - b->second, a->second - b->first});
    case ir::BinOp::Mul: {
      constexpr __int128 kFactor = static_cast<__int128>(1) << 62; // no int128 overflow
      if (a->first < -kFactor || a->second > kFactor || b->first < -kFactor || b->second > kFactor)
        return std::nullopt;
      __int128 c[] = {a->first * b->first, a->first * b->second, a->second * b->first,
                      a->second * b->second};
      return clamp({*std::min_element(c, c + 4), *std::max_element(c, c + 4)});
    }
    default:
      return typeInterval(e.cint);
    }
  }
  case ir::ExprKind::Unary:
    if (e.unop == ir::UnOp::Neg) { // exact, like + - *
      auto a = staticRange(*e.args[0]);
      if (!a)
        return std::nullopt;
      return clamp({-a->second, -a->first});
    }
    return typeInterval(e.cint); // ~x of a value in range is in range
  default:
    // Values of their type: variables, memory cells, results, conditionals of typed
    // branches, and operations whose own check or wrap keeps them in range.
    return typeInterval(e.cint);
  }
}

T ExprEncoder::arithResult(const ir::Expr &e, const T &exact) {
  if (!vc_.bounded(e.cint) || e.exactInSpec)
    return exact;
  if (auto r = exactRange(e), t = typeInterval(e.cint);
      r && t && r->first >= t->first && r->second <= t->second)
    return exact;
  if (!e.cint.isSigned)
    return vc_.wrapTo(exact, e.cint);
  // VerCors checks C code with unbounded integers, so a kernel it verified can fail
  // here on its first arithmetic line; the note names the switch to its reading.
  require(inRange(exact, e.cint), DiagCode::Overflow, e.range,
          fmt::format("'{}' may overflow {} (signed overflow is undefined behaviour)",
                      vc_.spelling(e), ir::intTypeName(e.cint)),
          {{SourceRange{}, "kprove gives C integers their widths; --int-math reads them as "
                           "unbounded integers, as VerCors does"}});
  return exact;
}

T ExprEncoder::encodeShift(const ir::Expr &e, const T &a, const T &b) {
  bool bounded = vc_.bounded(e.cint);
  // C: the amount must be below the width of the (promoted) left operand.
  T amountOk =
      bounded ? land(le(intConst(0), b), lt(b, intConst(e.cint.bits))) : le(intConst(0), b);
  require(amountOk, DiagCode::Shift, e.args[1]->range,
          bounded ? fmt::format("the shift amount '{}' may be negative or at least {} (the width "
                                "of {})",
                                vc_.spelling(*e.args[1]), e.cint.bits, ir::intTypeName(e.cint))
                  : fmt::format("the shift amount '{}' may be negative", vc_.spelling(*e.args[1])));
  T p = pow2(b);
  for (const T &f : pow2Facts(p))
    st_.assume(f);
  if (e.binop == ir::BinOp::Shr)
    return div(a, p); // floor(a / 2^b): an arithmetic shift for negative signed values
  T r = mul(a, p);
  if (!bounded)
    return r;
  if (!e.cint.isSigned)
    return vc_.wrapTo(r, e.cint);
  require(land(le(intConst(0), a), le(r, maxOf(e.cint))), DiagCode::Shift, e.range,
          fmt::format("'{}' may shift a negative value or overflow {} (undefined behaviour)",
                      vc_.spelling(e), ir::intTypeName(e.cint)));
  return r;
}

T ExprEncoder::encodeIndex(const ir::Expr &e) {
  if (!st_.heap) {
    vc_.unsupported(e.range, "reading array memory where there is no memory");
    return vc_.freshVar("unsupported", Sort::Int);
  }
  T ref = encode(*e.args[0]);
  T idx = encode(*e.args[1]);
  const std::string arr = vc_.spelling(*e.args[0]);
  require(neq(ref, nullRef()), DiagCode::Null, e.args[0]->range,
          fmt::format("array '{}' may be null", arr));
  require(land(le(intConst(0), idx), lt(idx, lengthOf(ref))), DiagCode::Bounds, e.args[1]->range,
          fmt::format("index may be out of bounds of '{}'", arr));
  // A row of a 2-D array: fixed while the program runs, so reading it needs no
  // permission and races with nothing (the type checker rejects assigning one).
  if (e.args[0]->type == ir::Type::IntMatrix)
    return rowOf(ref, idx);
  if (footprint) { // a pure function: its value may depend on its footprint only
    require(footprint(ref, idx), DiagCode::PermRead, e.range,
            fmt::format("pure function '{}' reads '{}', which its precondition gives it no "
                        "permission to",
                        footprintOwner, vc_.spelling(e)));
    T cell = select(st_.heap, ref, idx);
    if (vc_.bounded(e.cint))
      keepCellRange(inRange(cell, e.cint));
    return cell;
  }
  const ReadCheck readCheck = st_.mask ? reads : ReadCheck::None;
  bool atomicByName = false;
  if (readCheck != ReadCheck::None && !vc_.atomicArrays.empty()) {
    // Other threads may change a cell atomically at any time while they hold any
    // permission: a plain read is race free only with all of it. Decided per
    // location: the array read may be an atomically updated one under another name.
    // (At least: a state holding more is infeasible, and framing checks see masks
    // before the bound on them is assumed.)
    T atomic = vc_.mayBeAtomic(ref);
    std::string names;
    for (const VcContext::AtomicArray &a : vc_.atomicArrays)
      names += (names.empty() ? "'" : ", '") + a.name + "'";
    bool same = e.args[0]->kind == ir::ExprKind::Var &&
                std::any_of(vc_.atomicArrays.begin(), vc_.atomicArrays.end(),
                            [&](const auto &a) { return a.name == e.args[0]->name; });
    atomicByName = same;
    std::vector<T> given = guards;
    if (!same)
      given.insert(given.end(), vc_.launchFacts.begin(), vc_.launchFacts.end());
    if (checks)
      vc_.check(
          st_, given, implies(atomic, le(realConst(1, 1), select(st_.mask, ref, idx))),
          readCheck == ReadCheck::Framing ? DiagCode::Framing : DiagCode::PermRead, e.range,
          same ? fmt::format("a plain read of '{}', which threads update with atomics, needs a "
                             "write permission (otherwise it races with their atomics)",
                             vc_.spelling(e))
               : fmt::format("'{}' may be a cell of {} (the contract does not rule out that the "
                             "buffers alias), which threads update with atomics: a plain read "
                             "then needs a write permission (or require the buffers distinct)",
                             vc_.spelling(e), names));
  }
  if (readCheck != ReadCheck::None && !atomicByName) {
    bool framing = readCheck == ReadCheck::Framing;
    std::string message = framing ? fmt::format("this clause reads '{}' without holding "
                                                "permission to it (clauses must be "
                                                "self-framing, left to right)",
                                                vc_.spelling(e))
                                  : fmt::format("no permission to read '{}'", vc_.spelling(e));
    // The classic slip: a thread wrote the array and reads a cell another thread
    // wrote, with no barrier between (the permission to it is still theirs).
    std::vector<DiagNote> notes;
    if (!framing && e.args[0]->kind == ir::ExprKind::Var) {
      auto write = st_.writesSinceBarrier.find(e.args[0]->name);
      if (write != st_.writesSinceBarrier.end() && vc_.lineOf(write->second) != 0) {
        message += fmt::format(" — is a barrier missing between the write at line {} and "
                               "this read?",
                               vc_.lineOf(write->second));
        notes.push_back({write->second, fmt::format("this thread's write to '{}', with no "
                                                    "barrier between it and the read",
                                                    vc_.spelling(*e.args[0]))});
      }
    }
    if (!framing)
      for (DiagNote &n : keptByParNote(st_, *e.args[0]))
        notes.push_back(std::move(n));
    require(lt(realConst(0, 1), select(st_.mask, ref, idx)),
            framing ? DiagCode::Framing : DiagCode::PermRead, e.range, std::move(message),
            std::move(notes));
  }
  T cell = select(st_.heap, ref, idx);
  // Every store into an array of a C integer type is of its type: so are its cells.
  if (vc_.bounded(e.cint))
    keepCellRange(inRange(cell, e.cint));
  return cell;
}

void ExprEncoder::keepCellRange(const T &fact) {
  st_.assume(fact);
  if (!openSkolems_.empty())
    cellRanges_.push_back({fact, {}});
}

size_t ExprEncoder::openQuantifier(const std::vector<T> &skolems) {
  openSkolems_.push_back(skolems);
  return cellRanges_.size();
}

void ExprEncoder::closeQuantifier(size_t mark) {
  std::vector<T> closing = std::move(openSkolems_.back());
  openSkolems_.pop_back();
  auto mentionsOpen = [&](const T &fact) {
    for (const std::vector<T> &level : openSkolems_)
      for (const T &sk : level)
        if (mentions(fact, sk->name))
          return true;
    return false;
  };
  std::vector<CellRange> kept;
  for (size_t i = mark; i < cellRanges_.size(); ++i) {
    CellRange &c = cellRanges_[i];
    for (const T &sk : closing)
      if (mentions(c.fact, sk->name))
        c.skolems.push_back(sk);
    if (mentionsOpen(c.fact)) {
      kept.push_back(std::move(c)); // an outer quantifier closes it
      continue;
    }
    if (c.skolems.empty())
      continue; // ground: assumed when read
    std::vector<BoundVar> bound;
    std::vector<std::pair<std::string, T>> sub;
    for (const T &sk : c.skolems) {
      std::string bn = sk->name + "$cell";
      bound.push_back({bn, sk->sort});
      sub.emplace_back(sk->name, var(bn, sk->sort));
    }
    T body = substitute(c.fact, sub);
    st_.assume(bound.size() == 1 ? forallWithMemoryTriggers(bound[0], body)
                                 : forallWithIndexForms(bound, body));
  }
  cellRanges_.resize(mark);
  for (CellRange &c : kept)
    cellRanges_.push_back(std::move(c));
}

// `__other_int(e)`: e as the second thread of a pair evaluates it (vcgen/two_thread.h).
// Its reads and checks are that thread's own, made where it runs the code; here
// only the value is needed.
T ExprEncoder::encodeOther(const ir::Expr &e) {
  if (!vc_.pair) {
    vc_.unsupported(e.range, kNoSecondThread);
    return vc_.freshVar("other", sortOf(e.type));
  }
  bool savedChecks = checks;
  ReadCheck savedReads = reads;
  checks = false;
  reads = ReadCheck::None;
  ++inOther_;
  // The second thread's variables are this thread's (renamed below) only when it is
  // here too; when not, they hold values of their own. Its memory is never this
  // thread's view renamed: that view has this thread's writes but not the cells other
  // threads wrote since (a cell this thread wrote would read stale in the copy), so
  // what it reads is unknown. (Inside a second Other, this thread again: so from the
  // first already.)
  std::vector<std::pair<std::string, T>> savedVars;
  T savedHeap = st_.heap;
  if (inOther_ % 2 == 1) {
    for (auto &[name, value] : st_.vars)
      if (value && !vc_.pair->fixedNames.count(name)) {
        savedVars.emplace_back(name, value);
        value = ite(thisEnabled(), value, var("$disabled$" + name, value->sort));
      }
    if (st_.heap)
      st_.heap = vc_.freshVar("other$memory", Sort::Heap); // fresh: never one of another point
  }
  T v = encode(*e.args[0]);
  for (auto &[name, value] : savedVars)
    st_.vars[name] = value;
  st_.heap = savedHeap;
  --inOther_;
  checks = savedChecks;
  reads = savedReads;
  return otherThreadCopy(v, *vc_.pair);
}

T ExprEncoder::encodeOld(const ir::Expr &e) {
  if (!st_.oldHeap) {
    vc_.typeError(e.range, "\\old is not available here");
    return encode(*e.args[0]);
  }
  T heap = st_.heap, mask = st_.mask;
  auto vars = st_.vars;
  ReadCheck savedReads = reads;
  st_.heap = st_.oldHeap;
  for (const auto &[n, v] : st_.oldVars)
    st_.vars[n] = v;
  reads = ReadCheck::None; // framed by the precondition of the pre-state
  T r = encode(*e.args[0]);
  reads = savedReads;
  st_.heap = heap;
  st_.mask = mask;
  st_.vars = std::move(vars);
  return r;
}

T ExprEncoder::encodeCall(const ir::Expr &e) {
  const ir::Method *fn = vc_.findMethod(e.name);
  if (!fn || !fn->pure) {
    vc_.typeError(e.range, fmt::format("'{}' is not a pure function", e.name));
    return var("undefined$call", sortOf(e.type));
  }
  std::vector<T> args;
  for (const ir::ExprPtr &a : e.args)
    args.push_back(encode(*a));
  if (checks) {
    // The callee's precondition: its facts hold, its permissions are held.
    checkCallPrecondition(*this, *fn, args, e.range);
    if (function && function->fn == fn) {
      // A recursive call: the measure must decrease and stay non-negative.
      T measureAtCall;
      if (function->measureExpr) {
        State callee = st_;
        callee.vars.clear();
        for (size_t i = 0; i < fn->params.size() && i < args.size(); ++i)
          callee.vars[fn->params[i].name] = args[i];
        vc_.bindFields(callee, fn->className);
        ExprEncoder m(vc_, callee);
        m.checks = false;
        m.reads = ReadCheck::None;
        measureAtCall = m.encode(*function->measureExpr);
      } else {
        // The default measure is an int first parameter (checkFunction); with none, 0.
        bool intFirst = !fn->params.empty() && fn->params[0].type == ir::Type::Int;
        measureAtCall = args.empty() || !intFirst ? intConst(0) : args[0];
      }
      require(land(le(intConst(0), measureAtCall), lt(measureAtCall, function->measure)),
              DiagCode::Termination, e.range,
              fmt::format("the recursive call of '{}' may not decrease its measure", e.name));
    }
  }
  // Bodiless functions this call may reach: their trusted postconditions hold from
  // here on (assumed at the call, as a method's; see VcContext::callAxioms).
  if (auto reach = vc_.pureCallees.find(e.name); reach != vc_.pureCallees.end())
    for (const std::string &f : reach->second)
      if (auto ax = vc_.callAxioms.find(f); ax != vc_.callAxioms.end() && f != vc_.excludedOwner)
        for (const T &fact : ax->second)
          st_.assume(fact);
  if (vc_.heapFunctions.count(e.name)) { // its value depends on the memory it reads
    if (!st_.heap) {
      vc_.unsupported(e.range, fmt::format("a call of '{}', which reads array memory, where "
                                           "there is no memory",
                                           e.name));
      return vc_.freshVar("unsupported", sortOf(fn->returnType));
    }
    args.insert(args.begin(), st_.heap);
  }
  bool limited = function && function->limited;
  return app(functionSymbol(e.name, limited), sortOf(fn->returnType), args);
}

T ExprEncoder::encodeQuantifier(const ir::Expr &e) {
  // Well-definedness is checked for an arbitrary instance (skolem constants);
  // the value is the quantified formula over the same terms.
  std::vector<std::pair<std::string, std::optional<T>>> saved;
  std::vector<T> sk = bindSkolems(e.binders, saved);
  size_t cellMark = openQuantifier(sk);
  triggerFrames.emplace_back();
  T cond = encode(*e.args[0]);
  // `\forall int i` in a C file ranges over the values of int.
  for (size_t i = 0; i < sk.size() && i < e.binders.size(); ++i)
    if (vc_.bounded(e.binders[i].cint))
      cond = land(inRange(sk[i], e.binders[i].cint), cond);
  T body = guarded(cond, *e.args[1]);
  std::vector<UserTrigger> marked = std::move(triggerFrames.back());
  triggerFrames.pop_back();
  closeQuantifier(cellMark);
  restore(saved);
  std::vector<BoundVar> bound;
  std::vector<std::pair<std::string, T>> sub;
  for (size_t i = 0; i < sk.size(); ++i) {
    std::string bn = sk[i]->name + "$b";
    bound.push_back({bn, sk[i]->sort});
    sub.emplace_back(sk[i]->name, var(bn, sk[i]->sort));
  }
  // The user's triggers, when given, are the patterns: never rewritten (the
  // inverse-index rewrite below would replace them) nor extended.
  std::vector<std::vector<T>> patterns = userPatterns(marked, sub, bound);
  if (!marked.empty()) {
    T matrix = e.kind == ir::ExprKind::Forall ? implies(cond, body) : land(cond, body);
    return e.kind == ir::ExprKind::Forall ? forall(bound, substitute(matrix, sub), patterns)
                                          : exists(bound, substitute(matrix, sub), patterns);
  }
  if (e.kind == ir::ExprKind::Forall) {
    T inst = substitute(implies(cond, body), sub);
    // Triggers: the reads of memory at an index built from the bound variable
    // (a[gid * k + j]), with the arithmetic moved out of the pattern where that is
    // exact (vcgen/triggers.h). Left to Z3, the choice varied with the process's
    // memory layout (chunks.cl verified or failed with the same input).
    if (bound.size() == 1)
      return forallWithMemoryTriggers(bound[0], inst);
    return forallWithIndexForms(bound, inst);
  }
  return exists(bound, substitute(land(cond, body), sub));
}

} // namespace kprove::vcgen
