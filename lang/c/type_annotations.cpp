// C's integer types in the annotations of a .cl/.cu file: each name has its
// declared type, literals are int (or long), the integer promotions and the usual
// arithmetic conversions apply (C11 6.3.1.1, 6.3.1.8), `/` and `%` truncate, and
// the bit operations act on the converted values; unsigned results wrap, as in
// code. Signed arithmetic (+ - * / % and negation) is mathematical, as in ACSL and
// VerCors: an annotation is never executed, so an overflow in it is no undefined
// behaviour and its value is the exact one (docs/language.md §11.2). Mathematical
// values (\pointer_length, pure functions, \sum, fractions) stay mathematical, and so
// does any operation with one of them as operand.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {

using ir::BinOp;
using ir::IntType;

IntType promote(IntType t) {
  if (t.bounded() && t.bits < 32)
    return {32, true};
  return t;
}

// The usual arithmetic conversions; unbounded if either side is mathematical.
IntType common(IntType a, IntType b) {
  if (!a.bounded() || !b.bounded())
    return {};
  a = promote(a);
  b = promote(b);
  if (a == b)
    return a;
  if (a.isSigned == b.isSigned)
    return a.bits >= b.bits ? a : b;
  IntType u = a.isSigned ? b : a, s = a.isSigned ? a : b;
  if (u.bits >= s.bits)
    return u;
  return s; // a wider signed type holds every value of the unsigned one
}

bool isArithmetic(BinOp op) {
  switch (op) {
  case BinOp::Add:
  case BinOp::Sub:
  case BinOp::Mul:
  case BinOp::Div:
  case BinOp::Mod:
  case BinOp::TDiv:
  case BinOp::TMod:
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor:
    return true;
  default:
    return false;
  }
}

bool isComparison(BinOp op) {
  switch (op) {
  case BinOp::Lt:
  case BinOp::Le:
  case BinOp::Gt:
  case BinOp::Ge:
  case BinOp::Eq:
  case BinOp::Ne:
    return true;
  default:
    return false;
  }
}

} // namespace

IntType CLowering::scopedIntType(const std::string &name, bool element) const {
  for (auto it = specBinders_.rbegin(); it != specBinders_.rend(); ++it)
    if (it->name == name)
      return element ? IntType{} : it->cint;
  for (auto it = userNames_.rbegin(); it != userNames_.rend(); ++it)
    if (it->name == name)
      return it->array == element ? it->cint : IntType{};
  return {};
}

// The C type of a marked thread-id builtin: size_t for OpenCL's functions (uint
// for get_work_dim), unsigned int for CUDA's threadIdx.x and friends.
IntType CLowering::builtinIntType(const std::string &name) const {
  if (name.rfind(kBuiltinMark, 0) != 0)
    return {};
  if (dialect_ == CDialect::Cuda || name.find("get_work_dim") != std::string::npos)
    return {32, false};
  return {static_cast<uint8_t>(ctx_.getTypeSize(ctx_.getSizeType())), false};
}

// A cell of a bool array or pointer holds 0 or 1 (CLowering::boolCellValue): an
// annotation reads it as `cell != 0`, as the code does.
void CLowering::boolCellSpec(ExprPtr &e) {
  if (!e || e->kind != ExprKind::Index || e->args.size() != 2 || e->args[0]->kind != ExprKind::Var)
    return;
  const std::string &name = e->args[0]->name;
  for (auto it = specBinders_.rbegin(); it != specBinders_.rend(); ++it)
    if (it->name == name)
      return;
  for (auto it = userNames_.rbegin(); it != userNames_.rend(); ++it)
    if (it->name == name) {
      if (it->boolCells)
        e = ir::makeBinary(BinOp::Ne, e, ir::makeInt(0, e->range), e->range);
      return;
    }
}

void CLowering::typeSpecClause(ExprPtr &e) {
  typeSpec(e);
  boolCellSpec(e);
}

void CLowering::typeSpec(ExprPtr &e) {
  if (!e)
    return;
  if (specPointerRewrite(e) || specArrayRewrite(e))
    return;
  size_t bound = specBinders_.size();
  for (ir::Binder &b : e->binders) {
    // `int i` ranges over int's values (vcgen conjoins the range to \forall and
    // \exists; a \forall* binder stays mathematical).
    if (b.type == Type::Int && e->kind != ExprKind::ForallStar && e->kind != ExprKind::Sum)
      b.cint = {32, true};
    specBinders_.push_back({b.name, b.cint});
  }
  for (size_t k = 0; k < e->args.size(); ++k) {
    typeSpec(e->args[k]);
    // A permission's location is the cell itself, not its truth value.
    if (k > 0 || (e->kind != ExprKind::Perm && e->kind != ExprKind::PointsTo))
      boolCellSpec(e->args[k]);
  }
  specBinders_.resize(bound);
  SourceRange r = e->range;
  switch (e->kind) {
  case ExprKind::IntLit:
    if (!e->cint.bounded()) // a suffix or hexadecimal form gave its own type (the lexer)
      e->cint = IntType{32, true}.holds(e->intValue) ? IntType{32, true} : IntType{64, true};
    return;
  case ExprKind::Convert: // `(unsigned int) e`: the parser set the target type
    return;
  case ExprKind::Var:
    e->cint = e->name.rfind(kBuiltinMark, 0) == 0 ? builtinIntType(e->name)
                                                  : scopedIntType(e->name, false);
    return;
  case ExprKind::Call:
    e->cint = builtinIntType(e->name);
    convertPureArguments(*e); // pure_functions.cpp
    return;
  case ExprKind::Index:
    if (e->args[0]->kind == ExprKind::Var)
      e->cint = scopedIntType(e->args[0]->name, true);
    return;
  case ExprKind::Old:
  case ExprKind::Other:
    e->cint = e->args[0]->cint;
    return;
  case ExprKind::Result:
    e->cint = returnCint_;
    return;
  case ExprKind::Unary:
    if (e->unop != ir::UnOp::Not) {
      e->cint = promote(e->args[0]->cint);
      e->args[0] = convertInt(e->args[0], e->cint, r);
      e->exactInSpec = e->unop == ir::UnOp::Neg && e->cint.isSigned;
    }
    return;
  case ExprKind::Ite: {
    IntType c = common(e->args[1]->cint, e->args[2]->cint);
    if (c.bounded()) {
      e->args[1] = convertInt(e->args[1], c, r);
      e->args[2] = convertInt(e->args[2], c, r);
      e->cint = c;
    }
    return;
  }
  case ExprKind::Binary:
    break;
  default:
    return;
  }
  // C's / and % truncate, also on mathematical values.
  if (e->binop == BinOp::Div)
    e->binop = BinOp::TDiv;
  else if (e->binop == BinOp::Mod)
    e->binop = BinOp::TMod;
  if (e->binop == BinOp::Shl || e->binop == BinOp::Shr) {
    e->cint = promote(e->args[0]->cint);
    e->args[0] = convertInt(e->args[0], e->cint, r);
    e->args[1] = convertInt(e->args[1], promote(e->args[1]->cint), r);
    // OpenCL C (6.3.j) shifts by the count's low log2(width) bits, read unsigned,
    // in an annotation as in code (lower_expr.cpp): `1u << 33` is 2 in both.
    if (dialect_ == CDialect::OpenCL && e->cint.bounded()) {
      IntType countType = e->args[1]->cint.bounded() ? e->args[1]->cint : e->cint;
      e->args[1] = typed(ir::makeBinary(BinOp::BitAnd, e->args[1],
                                        typed(ir::makeInt(e->cint.bits - 1, r), countType), r),
                         countType);
    }
    return;
  }
  if (!isArithmetic(e->binop) && !isComparison(e->binop))
    return;
  IntType c = common(e->args[0]->cint, e->args[1]->cint);
  if (!c.bounded())
    return;
  e->args[0] = convertInt(e->args[0], c, r);
  e->args[1] = convertInt(e->args[1], c, r);
  if (isArithmetic(e->binop))
    e->cint = c;
  e->exactInSpec =
      c.isSigned && (e->binop == BinOp::Add || e->binop == BinOp::Sub || e->binop == BinOp::Mul ||
                     e->binop == BinOp::TDiv || e->binop == BinOp::TMod);
}

} // namespace kprove::lang::clower
