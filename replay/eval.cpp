// Replay (replay/): expressions — C arithmetic on exact integers (wrap, signed
// overflow, shifts, division), fractions, variables and thread ids, quantifiers
// by enumeration, and calls of pure functions.
#include "replay/machine.h"

#include <fmt/format.h>

namespace kprove::replay::detail {

// Runs `each` for every value of the binders of quantifier `q` (args[0] its
// condition) that satisfies the condition; bounds from the condition's conjuncts.
void Interpreter::enumerate(const ir::Expr &q, Ctx &c,
                            const std::function<bool(const std::string &)> &each) {
  enumerateFrom(q, 0, c, "", each);
}

bool Interpreter::enumerateFrom(const ir::Expr &q, size_t k, Ctx &c, const std::string &values,
                                const std::function<bool(const std::string &)> &each) {
  if (k == q.binders.size()) {
    if (q.args[0] && !evalBool(*q.args[0], c))
      return true;
    return each(values);
  }
  const ir::Binder &b = q.binders[k];
  auto [lo, hi] = boundsOf(q, k, c);
  if (hi - lo > static_cast<i128>(opts_.maxSteps))
    throw NotReplayable{fmt::format("the quantifier over '{}' at {} ranges over {} values",
                                    ir::sourceName(b.name), where(q.range), str(hi - lo))};
  for (i128 v = lo; v < hi; ++v) {
    tick();
    bound_.emplace_back(b.name, Val::num(v));
    std::string vs = (values.empty() ? "" : values + ", ") +
                     fmt::format("{} = {}", ir::sourceName(b.name), str(v));
    bool go = enumerateFrom(q, k + 1, c, vs, each);
    bound_.pop_back();
    if (!go)
      return false;
  }
  return true;
}

std::pair<i128, i128> Interpreter::boundsOf(const ir::Expr &q, size_t k, Ctx &c) {
  const std::string &n = q.binders[k].name;
  std::vector<const ir::Expr *> parts;
  if (q.args[0])
    conjuncts(*q.args[0], parts);
  if (q.args.size() > 1 && q.args[1] && q.args[1]->kind == ir::ExprKind::Binary &&
      q.args[1]->binop == ir::BinOp::Implies)
    conjuncts(*q.args[1]->args[0], parts);
  std::optional<i128> lo, hi;
  auto usable = [&](const ir::Expr &x) {
    for (size_t j = k; j < q.binders.size(); ++j)
      if (mentions(x, q.binders[j].name))
        return false;
    return true;
  };
  for (const ir::Expr *p : parts) {
    if (p->kind != ir::ExprKind::Binary)
      continue;
    for (int side : {0, 1}) {
      const ir::Expr &v = *p->args[side], &other = *p->args[1 - side];
      if (v.kind != ir::ExprKind::Var || v.name != n || !usable(other))
        continue;
      ir::BinOp op = p->binop;
      if (side == 1) // other OP v  ==  v OP' other
        op = op == ir::BinOp::Lt   ? ir::BinOp::Gt
             : op == ir::BinOp::Le ? ir::BinOp::Ge
             : op == ir::BinOp::Gt ? ir::BinOp::Lt
             : op == ir::BinOp::Ge ? ir::BinOp::Le
                                   : op;
      if (op != ir::BinOp::Lt && op != ir::BinOp::Le && op != ir::BinOp::Gt &&
          op != ir::BinOp::Ge && op != ir::BinOp::Eq)
        continue;
      i128 x = evalInt(other, c);
      if (op == ir::BinOp::Lt || op == ir::BinOp::Le || op == ir::BinOp::Eq) {
        i128 h = op == ir::BinOp::Lt ? x : x + 1;
        hi = hi ? std::min(*hi, h) : h;
      }
      if (op == ir::BinOp::Gt || op == ir::BinOp::Ge || op == ir::BinOp::Eq) {
        i128 l = op == ir::BinOp::Gt ? x + 1 : x;
        lo = lo ? std::max(*lo, l) : l;
      }
    }
  }
  if (!lo || !hi)
    throw NotReplayable{fmt::format("the quantifier over '{}' at {} has no bounds to enumerate",
                                    ir::sourceName(n), where(q.range))};
  return {*lo, std::max(*lo, *hi)};
}

// The result of C arithmetic `e`: signed overflow is undefined behaviour,
// unsigned arithmetic wraps.
i128 Interpreter::arith(const ir::Expr &e, i128 r, Ctx &c) {
  // Signed arithmetic in an annotation is mathematical (docs/language.md §11.2):
  // an annotation is never executed, so its overflow is no undefined behaviour.
  if (!bounded(e.cint) || (c.clause && e.cint.isSigned)) {
    constexpr i128 kLimit = i128(1) << 100;
    if (r > kLimit || r < -kLimit)
      throw NotReplayable{"an integer beyond 100 bits"};
    return r;
  }
  if (!e.cint.isSigned)
    return wrap(r, e.cint);
  if (!inType(r, e.cint))
    fail(Failure::Kind::Undefined, DiagCode::Overflow, e.range, {},
         fmt::format("'{}' overflows {} for {}: the value would be {}{}", spell(e),
                     ir::intTypeName(e.cint), name(*c.t), str(r), valuesOf(e, c)),
         true, {c.t});
  return r;
}

i128 Interpreter::evalInt(const ir::Expr &e, Ctx &c) {
  Val v = eval(e, c);
  if (v.k == Val::K::Int || v.k == Val::K::Bool)
    return v.i;
  if (v.k == Val::K::Amt && v.a.e.n == 0 && v.a.w.d == 1)
    return v.a.w.n;
  throw NotReplayable{"a non-integer value where an integer is expected: " + ir::toString(e)};
}

bool Interpreter::evalBool(const ir::Expr &e, Ctx &c) {
  Val v = eval(e, c);
  if (v.k == Val::K::Arr)
    return v.i != 0;
  if (v.k == Val::K::Amt)
    return positive(v.a);
  return v.i != 0;
}

Amount Interpreter::evalAmount(const ir::Expr &e, Ctx &c) {
  Val v = eval(e, c);
  if (v.k == Val::K::Amt)
    return v.a;
  if (v.k == Val::K::Int)
    return {Rat::of(v.i), Rat::of(0)};
  throw NotReplayable{"a permission amount " + ir::toString(e)};
}

Val Interpreter::lookup(const std::string &n, Ctx &c) {
  for (auto it = bound_.rbegin(); it != bound_.rend(); ++it)
    if (it->first == n)
      return it->second;
  const Thread &t = *c.t;
  if (c.old)
    if (auto it = t.oldEnv.find(n); it != t.oldEnv.end())
      return it->second;
  if (auto it = t.env.find(n); it != t.env.end())
    return it->second;
  if (n.size() == 5 && n[0] == '$' && n[4] >= '0' && n[4] <= '2') {
    int d = n[4] - '0';
    std::string kind = n.substr(1, 3);
    if (kind == "lid")
      return Val::num(t.lid[d]);
    if (kind == "grp")
      return Val::num(t.grp[d]);
    if (kind == "lsz")
      return Val::num(lsz_[d]);
    if (kind == "ngr")
      return Val::num(ngr_[d]);
  }
  if (n == "$wdim")
    return Val::num(wdim_);
  if (sk_) {
    if (n == "tid" || n == "lid")
      return Val::num(t.lid[0]);
    if (n == "gid")
      return Val::num(0);
    if (n == "gsize" || n == "tcount")
      return Val::num(lsz_[0]);
  }
  if (auto it = globals_.find(n); it != globals_.end())
    return it->second;
  throw NotReplayable{"the variable '" + ir::sourceName(n) + "'"};
}

Val Interpreter::eval(const ir::Expr &e, Ctx &c) {
  tick();
  switch (e.kind) {
  case ir::ExprKind::IntLit:
    return Val::num(e.intValue);
  case ir::ExprKind::BoolLit:
    return Val::boolean(e.boolValue);
  case ir::ExprKind::NullLit:
    return Val::array(0);
  case ir::ExprKind::PermConst:
    return Val::amount(e.permConst == ir::PermConst::Write  ? kFull
                       : e.permConst == ir::PermConst::Read ? Amount{Rat::of(0), Rat::of(1)}
                                                            : kNone);
  case ir::ExprKind::Var:
    return lookup(e.name, c);
  case ir::ExprKind::Unary:
    return unary(e, c);
  case ir::ExprKind::Binary:
    return binary(e, c);
  case ir::ExprKind::Ite:
    return evalBool(*e.args[0], c) ? eval(*e.args[1], c) : eval(*e.args[2], c);
  case ir::ExprKind::Index:
    return read(e, c);
  case ir::ExprKind::Length: {
    Val a = eval(*e.args[0], c);
    if (a.k != Val::K::Arr || a.i == 0)
      fail(Failure::Kind::Undefined, DiagCode::Null, e.range, {},
           fmt::format("{} takes the length of a null array", name(*c.t)), true, {c.t});
    return Val::num(arrays_[static_cast<size_t>(a.i)].length);
  }
  case ir::ExprKind::Call:
    return callPure(e, c);
  case ir::ExprKind::Old: {
    Ctx o = c;
    o.old = true;
    if (!c.t->oldMem)
      throw NotReplayable{"\\old outside a contract"};
    return eval(*e.args[0], o);
  }
  case ir::ExprKind::Result:
    if (!c.result)
      throw NotReplayable{"\\result outside a postcondition"};
    return *c.result;
  case ir::ExprKind::Forall:
  case ir::ExprKind::Exists: {
    bool all = e.kind == ir::ExprKind::Forall;
    bool result = all;
    enumerate(e, c, [&](const std::string &values) {
      if (evalBool(*e.args[1], c) == all)
        return true;
      result = !all;
      if (all && !muted_)
        forallValues_ = values + valuesOf(*e.args[1], c); // "i = 0 (a[0] = -1)"
      return false;
    });
    return Val::boolean(result);
  }
  case ir::ExprKind::Sum: {
    i128 total = 0;
    enumerate(e, c, [&](const std::string &) {
      total += evalInt(*e.args[1], c);
      return true;
    });
    return Val::num(total);
  }
  case ir::ExprKind::Convert: {
    Val v = eval(*e.args[0], c);
    i128 x = v.k == Val::K::Amt ? evalInt(*e.args[0], c) : v.i;
    return Val::num(bounded(e.cint) ? wrap(x, e.cint) : x);
  }
  case ir::ExprKind::NewArray:
    throw NotReplayable{"an allocation (new)"};
  case ir::ExprKind::ValidMatrix:
    throw NotReplayable{"a 2-D array (\\matrix)"};
  case ir::ExprKind::Seq:
    throw NotReplayable{"a sequence"};
  case ir::ExprKind::Other: // a run is of one thread at a time, never a pair
    throw NotReplayable{"a GPUVerify two-thread predicate"};
  case ir::ExprKind::Enabled:
    return Val::boolean(true); // the evaluating thread is where it evaluates it
  case ir::ExprKind::ForallStar:
  case ir::ExprKind::Perm:
  case ir::ExprKind::PointsTo: {
    // A resource in a pure position (a permission test): held or not.
    bool holds = true;
    Ctx r = c;
    walk(
        e, r,
        [&](const PermAtom &a) {
          holds = holds && cmp(heldAt(c.perms ? *c.perms : c.t->held, a.cell), a.amount) >= 0;
        },
        [&](const ir::Expr &, bool h) { holds = holds && h; });
    return Val::boolean(holds);
  }
  }
  throw NotReplayable{"an expression the replay does not model"};
}

Val Interpreter::unary(const ir::Expr &e, Ctx &c) {
  Val v = eval(*e.args[0], c);
  switch (e.unop) {
  case ir::UnOp::Not:
    return Val::boolean(!(v.k == Val::K::Amt ? positive(v.a) : v.i != 0));
  case ir::UnOp::Neg:
    if (v.k == Val::K::Amt)
      return Val::amount(kNone - v.a);
    return Val::num(arith(e, -v.i, c));
  case ir::UnOp::BitNot:
    return Val::num(arith(e, ~v.i, c));
  }
  return v;
}

Val Interpreter::binary(const ir::Expr &e, Ctx &c) {
  using ir::BinOp;
  BinOp op = e.binop;
  switch (op) {
  case BinOp::And:
  case BinOp::Star:
    return Val::boolean(evalBool(*e.args[0], c) && evalBool(*e.args[1], c));
  case BinOp::Or:
    return Val::boolean(evalBool(*e.args[0], c) || evalBool(*e.args[1], c));
  case BinOp::Implies:
    return Val::boolean(!evalBool(*e.args[0], c) || evalBool(*e.args[1], c));
  default:
    break;
  }
  Val a = eval(*e.args[0], c), b = eval(*e.args[1], c);
  bool frac =
      a.k == Val::K::Amt || b.k == Val::K::Amt || e.type == ir::Type::Frac || op == BinOp::FracDiv;
  auto amount = [](const Val &v) {
    return v.k == Val::K::Amt ? v.a : Amount{Rat::of(v.i), Rat::of(0)};
  };
  auto divZero = [&](bool zero) {
    if (zero)
      fail(Failure::Kind::Undefined, DiagCode::DivZero, e.args[1]->range, {},
           fmt::format("{} divides by zero in '{}'{}", name(*c.t), spell(e), valuesOf(e, c)), true,
           {c.t});
  };
  switch (op) {
  case BinOp::Eq:
  case BinOp::Ne:
  case BinOp::Lt:
  case BinOp::Le:
  case BinOp::Gt:
  case BinOp::Ge: {
    int r;
    if (frac)
      r = cmp(amount(a), amount(b));
    else
      r = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
    bool v = op == BinOp::Eq   ? r == 0
             : op == BinOp::Ne ? r != 0
             : op == BinOp::Lt ? r < 0
             : op == BinOp::Le ? r <= 0
             : op == BinOp::Gt ? r > 0
                               : r >= 0;
    return Val::boolean(v);
  }
  default:
    break;
  }
  if (frac) {
    Amount x = amount(a), y = amount(b);
    switch (op) {
    case BinOp::Add:
      return Val::amount(x + y);
    case BinOp::Sub:
      return Val::amount(x - y);
    case BinOp::Mul:
      return Val::amount({x.w * y.w, x.w * y.e + x.e * y.w});
    case BinOp::FracDiv:
    case BinOp::Div:
      if (y.e.n != 0)
        throw NotReplayable{"a division by a read fraction"};
      divZero(y.w.n == 0);
      return Val::amount({x.w * Rat::of(y.w.d, y.w.n), x.e * Rat::of(y.w.d, y.w.n)});
    default:
      throw NotReplayable{"fraction arithmetic " + ir::toString(e)};
    }
  }
  i128 x = a.i, y = b.i;
  switch (op) {
  case BinOp::Add:
    return Val::num(arith(e, x + y, c));
  case BinOp::Sub:
    return Val::num(arith(e, x - y, c));
  case BinOp::Mul: {
    // Magnitudes below 2^64 (every C value is): the product fits 128 bits unsigned.
    auto mag = [](i128 v) {
      return v < 0 ? static_cast<unsigned __int128>(-v) : static_cast<unsigned __int128>(v);
    };
    if ((mag(x) >> 64) != 0 || (mag(y) >> 64) != 0)
      throw NotReplayable{"a product of integers beyond 64 bits"};
    unsigned __int128 p = mag(x) * mag(y);
    bool negative = (x < 0) != (y < 0);
    if (bounded(e.cint) && !e.cint.isSigned) {
      unsigned __int128 m = (static_cast<unsigned __int128>(1) << e.cint.bits) - 1;
      unsigned __int128 r = negative ? (0 - p) & m : p & m;
      return Val::num(static_cast<i128>(r));
    }
    if ((p >> 120) != 0)
      throw NotReplayable{"an integer beyond 120 bits"};
    return Val::num(arith(e, negative ? -static_cast<i128>(p) : static_cast<i128>(p), c));
  }
  case BinOp::Div:
  case BinOp::Mod: {
    divZero(y == 0);
    i128 m;
    i128 q = floorDiv(x, y, m);
    return Val::num(arith(e, op == BinOp::Div ? q : m, c));
  }
  case BinOp::TDiv:
  case BinOp::TMod:
    divZero(y == 0);
    return Val::num(arith(e, op == BinOp::TDiv ? x / y : x % y, c));
  case BinOp::BitAnd:
    return Val::num(arith(e, x & y, c));
  case BinOp::BitOr:
    return Val::num(arith(e, x | y, c));
  case BinOp::BitXor:
    return Val::num(arith(e, x ^ y, c));
  case BinOp::Shl:
  case BinOp::Shr: {
    int bits = bounded(e.cint) ? e.cint.bits : 0;
    if (y < 0 || (bits && y >= bits))
      fail(Failure::Kind::Undefined, DiagCode::Shift, e.range, {},
           fmt::format("{} shifts by {} in '{}'{}", name(*c.t), str(y), spell(e), valuesOf(e, c)),
           true, {c.t});
    if (!bits && y > 90)
      throw NotReplayable{"a shift beyond 90 bits"};
    if (op == BinOp::Shr)
      return Val::num(x >> static_cast<int>(y));
    if (bits && e.cint.isSigned && (x < 0 || (x >> (bits - 1 - static_cast<int>(y))) != 0))
      fail(Failure::Kind::Undefined, DiagCode::Shift, e.range, {},
           fmt::format("{} shifts {} left by {} in '{}', which overflows {}", name(*c.t), str(x),
                       str(y), spell(e), ir::intTypeName(e.cint)),
           true, {c.t});
    unsigned __int128 u = static_cast<unsigned __int128>(x) << static_cast<int>(y);
    return Val::num(arith(
        e, bits && !e.cint.isSigned ? wrap(static_cast<i128>(u), e.cint) : static_cast<i128>(u),
        c));
  }
  default:
    break;
  }
  throw NotReplayable{"the operator " + std::string(ir::binOpSpelling(op))};
}

Val Interpreter::callPure(const ir::Expr &e, Ctx &c) {
  if (e.name.rfind("$f", 0) == 0 || e.name.rfind("$i2f", 0) == 0)
    throw NotReplayable{"floating-point values (kprove models them as opaque)"};
  const ir::Method *m = findMethod(e.name, true);
  if (!m || !m->pureBody)
    throw NotReplayable{"the function '" + e.name + "', which has no body"};
  if (m->params.size() != e.args.size())
    throw NotReplayable{"a call of '" + e.name + "' with another number of arguments"};
  if (++depth_ > 500)
    throw NotReplayable{"pure function calls nested deeper than 500"};
  std::vector<std::pair<std::string, Val>> args;
  for (size_t i = 0; i < e.args.size(); ++i)
    args.emplace_back(m->params[i].name, eval(*e.args[i], c));
  // The function's body sees its parameters only (and the heap).
  std::vector<std::pair<std::string, Val>> saved;
  saved.swap(bound_);
  bound_ = args;
  Env env;
  Env oldEnv;
  Thread &t = *c.t;
  std::swap(env, t.env);
  std::swap(oldEnv, t.oldEnv);
  Val r;
  try {
    for (const ir::Expr *pre : clausesOf(m->contract, kPre)) {
      Ctx pc = c;
      if (!evalBool(*pre, pc))
        fail(Failure::Kind::Clause, DiagCode::FnPre, e.range, {},
             fmt::format("the precondition of '{}' is false for {} at this call", e.name, name(t)),
             true);
    }
    r = eval(*m->pureBody, c);
  } catch (...) {
    std::swap(env, t.env);
    std::swap(oldEnv, t.oldEnv);
    bound_.swap(saved);
    --depth_;
    throw;
  }
  std::swap(env, t.env);
  std::swap(oldEnv, t.oldEnv);
  bound_.swap(saved);
  --depth_;
  return r;
}

} // namespace kprove::replay::detail
