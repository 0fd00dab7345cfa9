// Expressions: C's integer arithmetic, each node with its C type (ir::IntType; vcgen
// gives it C's semantics), Clang's implicit conversions as Convert nodes,
// comparisons, ?:, array indexing, struct fields, and floating-point values as
// opaque function applications. Calls inside expressions are hoisted into
// temporaries before the statement.
#include "lang/c/clang_lowering.h"

#include <algorithm>

namespace kprove::lang::clower {

ExprPtr CLowering::lvalue(const clang::Expr *e, std::vector<StmtPtr> *indexCalls) {
  e = e->IgnoreParens();
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (!llvm::isa<clang::VarDecl>(dr->getDecl())) {
      unsupported(range(e), "assignment to this name");
      return nullptr;
    }
    if (ExprPtr cell = sharedScalarCell(dr, range(e)))
      return cell;
    return ir::makeVar(dr->getDecl()->getNameAsString(), range(e));
  }
  if (auto *me = llvm::dyn_cast<clang::MemberExpr>(e))
    return member(me);
  if (llvm::isa<clang::ExtVectorElementExpr>(e)) { // v.x (lower_aggregate.cpp)
    std::vector<StmtPtr> pre;
    ExprPtr leaf = aggregateLeaf(e, pre);
    if (leaf && !pre.empty()) {
      unsupported(range(e), "a function call in the index of a vector buffer");
      return nullptr;
    }
    return leaf;
  }
  if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    std::vector<StmtPtr> calls;
    ExprPtr idx = index(as, calls);
    if (idx && !calls.empty()) {
      if (!indexCalls) {
        // x op= y and x++ read the target too: its calls would run twice.
        unsupported(range(e), "a function call in the array index of a compound assignment "
                              "or increment");
        return nullptr;
      }
      indexCalls->insert(indexCalls->end(), calls.begin(), calls.end());
    }
    return idx;
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
      uo && uo->getOpcode() == clang::UO_Deref) {
    std::vector<StmtPtr> pre;
    auto p = pointerValue(uo->getSubExpr(), pre);
    if (p && !pre.empty()) {
      if (!indexCalls) {
        // x op= y and x++ read the target too: its calls would run twice.
        unsupported(range(e), "a function call in the pointer of a compound assignment or "
                              "increment");
        return nullptr;
      }
      indexCalls->insert(indexCalls->end(), pre.begin(), pre.end()); // `*f(i) = v`: first
    }
    return p ? pointerCell(*p, nullptr, uo->getType(), range(e)) : nullptr;
  }
  unsupported(range(e), "assignment to this expression");
  return nullptr;
}

ExprPtr CLowering::index(const clang::ArraySubscriptExpr *as, std::vector<StmtPtr> &pre) {
  if (isFieldPath(as)) // q.a[3], a cell of a struct's array field (lower_aggregate.cpp)
    return aggregateLeaf(as, pre);
  const clang::Expr *base = as->getBase()->IgnoreParenImpCasts();
  if (llvm::isa<clang::ArraySubscriptExpr>(base) && !isFieldPath(base))
    return multiIndex(as, pre); // a[i][j] (lower_arrays.cpp)
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(base);
  if (!dr || pointerVar(base)) {
    // Through a pointer variable or pointer arithmetic: base[offset + i].
    auto p = pointerValue(as->getBase(), pre);
    ExprPtr i = p ? convertTo(as->getIdx(), Type::Int, pre) : nullptr;
    return i ? pointerCell(*p, i, as->getType(), range(as)) : nullptr;
  }
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Index;
  e->range = range(as);
  e->args = {ir::makeVar(dr->getDecl()->getNameAsString(), range(dr)),
             convertTo(as->getIdx(), Type::Int, pre)};
  if (!e->args[1])
    return nullptr;
  e->cint = cintOf(as->getType());
  return e;
}

// The value of `e` as an int or bool, inserting C's conversions.
ExprPtr CLowering::convertTo(const clang::Expr *e, Type want, std::vector<StmtPtr> &pre) {
  ExprPtr v = value(e, pre);
  if (!v)
    return nullptr;
  return coerce(v, isBoolValued(e) ? Type::Bool : Type::Int, want,
                isFloat(e->getType()) ? e->getType() : clang::QualType(), range(e));
}

ExprPtr CLowering::cond(const clang::Expr *e, std::vector<StmtPtr> &pre) {
  if (isFunctionPointer(e->IgnoreParenImpCasts()->getType())) {
    // `if (f)`: f is not NULL, whose number is 0.
    ExprPtr v = functionPointerValue(e->IgnoreParenImpCasts(), pre);
    return v ? ir::makeBinary(ir::BinOp::Ne, v, ir::makeInt(0, range(e)), range(e)) : nullptr;
  }
  if (e->IgnoreParenImpCasts()->getType()->isPointerType()) {
    // `if (p)`: p != NULL, which is its array's nullness (lower_pointer.cpp).
    auto p = pointerValue(e->IgnoreParenImpCasts(), pre);
    if (!p)
      return nullptr;
    auto null = std::make_shared<ir::Expr>();
    null->kind = ExprKind::NullLit;
    null->range = range(e);
    return ir::makeBinary(ir::BinOp::Ne, ir::makeVar(p->baseName, range(e)), null, range(e));
  }
  ExprPtr v = value(e, pre);
  if (!v)
    return nullptr;
  if (isBoolValued(e))
    return v;
  if (isFloat(e->getType()))
    return floatCall(typedName("$fnonzero", {e->getType()}), {v}, range(e), true);
  return ir::makeBinary(ir::BinOp::Ne, v, ir::makeInt(0, range(e)), range(e));
}

ExprPtr CLowering::coerce(ExprPtr v, Type have, Type want, clang::QualType floatType,
                          SourceRange r) {
  if (have == want)
    return v;
  if (want == Type::Bool) {
    if (!floatType.isNull())
      return floatCall(typedName("$fnonzero", {floatType}), {v}, r, true);
    return ir::makeBinary(ir::BinOp::Ne, v, ir::makeInt(0, r), r);
  }
  // C's comparisons and conversions from bool give an int 0 or 1.
  ir::IntType cInt{32, true};
  auto ite = std::make_shared<ir::Expr>();
  ite->kind = ExprKind::Ite;
  ite->range = r;
  ite->cint = cInt;
  ite->args = {v, typed(ir::makeInt(1, r), cInt), typed(ir::makeInt(0, r), cInt)};
  return ite;
}

// A memory cell of C type bool holds the int 0 or 1 (memory is int cells, §11.2):
// read as a truth value, `cell != 0`; written as `v ? 1 : 0` (assignments).
ExprPtr CLowering::boolCellValue(ExprPtr cell, clang::QualType t, SourceRange r) {
  if (!cell || !t->isBooleanType() || cell->kind != ExprKind::Index)
    return cell;
  return ir::makeBinary(ir::BinOp::Ne, cell, ir::makeInt(0, r), r);
}

// Whether the IR for `e` is a formula (comparisons, logic, bool variables).
bool CLowering::isBoolValued(const clang::Expr *e) const {
  e = e->IgnoreParens();
  if (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e)) {
    if (ic->getCastKind() == clang::CK_LValueToRValue || ic->getCastKind() == clang::CK_NoOp)
      return isBoolValued(ic->getSubExpr());
    return ic->getType()->isBooleanType();
  }
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e))
    return bo->isComparisonOp() || bo->isLogicalOp();
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) // !x, or *p of a bool pointer
    return uo->getOpcode() == clang::UO_LNot || uo->getType()->isBooleanType();
  if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return isBoolValued(co->getTrueExpr()) && isBoolValued(co->getFalseExpr());
  return e->getType()->isBooleanType();
}

ExprPtr CLowering::floatCall(const std::string &fn, std::vector<ExprPtr> args, SourceRange r,
                             bool returnsBool) {
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Call;
  e->name = fn;
  e->range = r;
  e->args = std::move(args);
  floatFns_[fn] = {e->args.size(), returnsBool};
  return e;
}

namespace {

// A floating-point format's name: IEEE half, single, double and quad as f16, f32,
// f64, f128, bfloat16 as bf16, x87's extended double as f80.
std::string floatFormatTag(const llvm::fltSemantics &s) {
  if (&s == &llvm::APFloat::IEEEhalf())
    return "f16";
  if (&s == &llvm::APFloat::BFloat())
    return "bf16";
  if (&s == &llvm::APFloat::IEEEsingle())
    return "f32";
  if (&s == &llvm::APFloat::IEEEdouble())
    return "f64";
  if (&s == &llvm::APFloat::x87DoubleExtended())
    return "f80";
  if (&s == &llvm::APFloat::IEEEquad())
    return "f128";
  // Any other format (PowerPC's double-double): its size, marked as no IEEE one.
  return "fx" + std::to_string(llvm::APFloat::semanticsSizeInBits(s));
}

} // namespace

std::string CLowering::typeTag(clang::QualType t) const {
  t = t.getCanonicalType();
  if (const auto *vt = t->getAs<clang::ExtVectorType>())
    t = vt->getElementType().getCanonicalType();
  if (t->isRealFloatingType())
    return floatFormatTag(ctx_.getFloatTypeSemantics(t));
  if (t->isBooleanType())
    return "b";
  if (ir::IntType c = cintOf(t); c.bounded())
    return (c.isSigned ? "i" : "u") + std::to_string(c.bits);
  // Not a scalar kprove computes with (callers reject these): the type's own name,
  // so that two different types never share a tag.
  std::string n = t.getAsString();
  std::replace_if(
      n.begin(), n.end(), [](char ch) { return !std::isalnum(ch); }, '_');
  return "t_" + n;
}

std::string CLowering::typedName(const std::string &fn,
                                 std::initializer_list<clang::QualType> ts) const {
  std::string n = fn;
  for (clang::QualType t : ts)
    n += "." + typeTag(t);
  return n;
}

// A builtin modelled as an uninterpreted function of its arguments: named by the
// builtin, the types of its arguments (after C's conversions to its parameters'
// types, as Clang resolved the overload) and the type of its result, so that
// `clz((uchar)x)` and `clz((int)x)` are different functions. On vectors, the
// component types: the function is the scalar builtin's, applied per component.
std::string CLowering::builtinFunctionName(const std::string &fn, const clang::CallExpr *c) const {
  std::string n = fn;
  for (const clang::Expr *a : c->arguments())
    n += "." + typeTag(a->getType());
  return n + "." + typeTag(c->getType());
}

// C's conversion of a scalar value between two arithmetic types: integers as
// convertInt, any conversion to or from a floating type an uninterpreted function
// of the two types (its integer result a value of the target type).
ExprPtr CLowering::convertScalar(ExprPtr v, clang::QualType from, clang::QualType to,
                                 SourceRange r) {
  if (!v)
    return nullptr;
  from = from.getCanonicalType();
  to = to.getCanonicalType();
  bool ff = isFloat(from), ft = isFloat(to);
  if (ff && ft)
    return typeTag(from) == typeTag(to) ? v : floatCall(typedName("$fcast", {from, to}), {v}, r);
  if (ff && to->isBooleanType())
    return floatCall(typedName("$fnonzero", {from}), {v}, r, true);
  if (ff)
    return convertInt(floatCall(typedName("$f2i", {from, to}), {v}, r), cintOf(to), r);
  if (ft) {
    if (from->isBooleanType())
      v = coerce(v, Type::Bool, Type::Int, {}, r);
    return floatCall(typedName("$i2f", {from->isBooleanType() ? ctx_.IntTy : from, to}), {v}, r);
  }
  return convertInt(v, cintOf(to), r);
}

ExprPtr CLowering::arith(clang::BinaryOperatorKind op, ExprPtr a, ExprPtr b, clang::QualType t,
                         SourceRange r) {
  if (isFloat(t)) {
    switch (op) {
    case clang::BO_Add:
    case clang::BO_AddAssign:
      return floatCall(typedName("$fadd", {t}), {a, b}, r);
    case clang::BO_Sub:
    case clang::BO_SubAssign:
      return floatCall(typedName("$fsub", {t}), {a, b}, r);
    case clang::BO_Mul:
    case clang::BO_MulAssign:
      return floatCall(typedName("$fmul", {t}), {a, b}, r);
    case clang::BO_Div:
    case clang::BO_DivAssign:
      return floatCall(typedName("$fdiv", {t}), {a, b}, r);
    default:
      unsupported(r, "this floating-point operator");
      return nullptr;
    }
  }
  auto binop = [&]() -> std::optional<ir::BinOp> {
    switch (op) {
    case clang::BO_Add:
    case clang::BO_AddAssign:
      return ir::BinOp::Add;
    case clang::BO_Sub:
    case clang::BO_SubAssign:
      return ir::BinOp::Sub;
    case clang::BO_Mul:
    case clang::BO_MulAssign:
      return ir::BinOp::Mul;
    case clang::BO_Div:
    case clang::BO_DivAssign:
      return ir::BinOp::TDiv;
    case clang::BO_Rem:
    case clang::BO_RemAssign:
      return ir::BinOp::TMod;
    case clang::BO_Shl:
    case clang::BO_ShlAssign:
      return ir::BinOp::Shl;
    case clang::BO_Shr:
    case clang::BO_ShrAssign:
      return ir::BinOp::Shr;
    case clang::BO_And:
    case clang::BO_AndAssign:
      return ir::BinOp::BitAnd;
    case clang::BO_Or:
    case clang::BO_OrAssign:
      return ir::BinOp::BitOr;
    case clang::BO_Xor:
    case clang::BO_XorAssign:
      return ir::BinOp::BitXor;
    default:
      return std::nullopt;
    }
  }();
  if (!binop) {
    unsupported(r, "this operator");
    return nullptr;
  }
  // `t` is the type the operation is carried out in: Clang converted the operands
  // to it (the usual arithmetic conversions; a shift's left operand promoted).
  ir::IntType type = cintOf(t);
  if (dialect_ == CDialect::OpenCL && type.bounded() &&
      (*binop == ir::BinOp::Shl || *binop == ir::BinOp::Shr)) {
    // OpenCL C (6.3.j) shifts by the count's low log2(width) bits, read unsigned: a
    // count of the width or more, or a negative one, is defined there (C's is not).
    ir::IntType countType = b->cint.bounded() ? b->cint : type;
    b = typed(
        ir::makeBinary(ir::BinOp::BitAnd, b, typed(ir::makeInt(type.bits - 1, r), countType), r),
        countType);
  }
  return typed(ir::makeBinary(*binop, a, b, r), type);
}

ExprPtr CLowering::value(const clang::Expr *e, std::vector<StmtPtr> &pre) {
  DepthGuard guard(exprDepth_);
  SourceRange r = range(e);
  if (exprDepth_ > kMaxExprDepth) {
    if (!depthReported_)
      unsupported(r, "an expression nested more than " + std::to_string(kMaxExprDepth) +
                         " levels deep (split it)");
    depthReported_ = true;
    return nullptr;
  }
  e = e->IgnoreParens();
  if (isFunctionPointer(e->getType()))
    return functionPointerValue(e, pre); // lower_function_pointer.cpp
  if (auto *il = llvm::dyn_cast<clang::IntegerLiteral>(e)) {
    llvm::APInt v = il->getValue();
    if (v.getActiveBits() > 64) {
      unsupported(r, "integer literal out of range");
      return nullptr;
    }
    ir::IntType t = cintOf(il->getType());
    if (v.getActiveBits() <= 62)
      return typed(ir::makeInt(static_cast<int64_t>(v.getZExtValue()), r), t);
    // Past 2^62 (LONG_MAX, 0xFFFFFFFFFFFFFFFFUL): kprove's literals stay clear of
    // int64's edge, so the value is spelled hi * 2^32 + lo, exact (mathematical
    // product; the sum is the literal's value, within its type).
    uint64_t bits = v.getZExtValue();
    ExprPtr hi = ir::makeBinary(ir::BinOp::Mul, ir::makeInt(static_cast<int64_t>(bits >> 32), r),
                                ir::makeInt(int64_t{1} << 32, r), r);
    return typed(ir::makeBinary(ir::BinOp::Add, hi,
                                ir::makeInt(static_cast<int64_t>(bits & 0xFFFFFFFFu), r), r),
                 t);
  }
  if (auto *cl = llvm::dyn_cast<clang::CharacterLiteral>(e)) {
    // getValue() is the literal's bits as an unsigned number (Clang's lexer
    // sign-extends a single narrow character when char is signed: '\xff' holds
    // 0xFFFFFFFF); its value is those bits read in the literal's type, as Clang's
    // constant evaluation reads them: int in C ('\xff' is -1), char in C++, and
    // wchar_t, char8_t, char16_t, char32_t for the prefixed kinds.
    ir::IntType t = cintOf(cl->getType());
    if (!t.bounded()) {
      unsupported(r, "a character literal of this type");
      return nullptr;
    }
    llvm::APSInt v(llvm::APInt(64, cl->getValue()).trunc(t.bits), !t.isSigned);
    return typed(ir::makeInt(v.getExtValue(), r), t);
  }
  if (auto *bl = llvm::dyn_cast<clang::CXXBoolLiteralExpr>(e))
    return ir::makeBool(bl->getValue(), r);
  if (auto *fl = llvm::dyn_cast<clang::FloatingLiteral>(e))
    return floatLiteral(fl->getValue(), r);
  if (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e))
    return cast(ic->getCastKind(), ic->getSubExpr(), ic->getType(), r, pre);
  if (auto *cc = llvm::dyn_cast<clang::CStyleCastExpr>(e))
    return cast(cc->getCastKind(), cc->getSubExpr(), cc->getType(), r, pre);
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (auto *ec = llvm::dyn_cast<clang::EnumConstantDecl>(dr->getDecl())) {
      const llvm::APSInt &v = ec->getInitVal();
      if (v.isUnsigned() && v.getActiveBits() > 63) { // getExtValue would read it negative
        unsupported(r, "enum constant out of range");
        return nullptr;
      }
      return typed(ir::makeInt(v.getExtValue(), r), cintOf(dr->getType()));
    }
    if (!llvm::isa<clang::VarDecl>(dr->getDecl())) {
      unsupported(r, "this use of '" + dr->getDecl()->getNameAsString() + "'");
      return nullptr;
    }
    if (ExprPtr cell = sharedScalarCell(dr, r))
      return boolCellValue(cell, dr->getType(), r);
    if (pointerVar(dr)) {
      unsupported(r, "the pointer '" + dr->getDecl()->getNameAsString() +
                         "' as a value (only *p, p[i], p + i, comparisons and arguments)");
      return nullptr;
    }
    if (!inMainFile(dr->getDecl()->getLocation())) {
      if (ExprPtr v = builtinVariable(dr, r)) // warpSize: lower_builtin_calls.cpp
        return v;
      std::string n = dr->getDecl()->getNameAsString();
      if (const Builtin *b = findBuiltin(n, dialect_); b && b->kind == BuiltinKind::ThreadId)
        unsupported(r, "the builtin '" + n + "' here (name its fields: " + n + ".x, ...)");
      else
        rejectBuiltin(r, n);
      return nullptr;
    }
    return typed(ir::makeVar(dr->getDecl()->getNameAsString(), r), cintOf(dr->getType()));
  }
  if (auto *me = llvm::dyn_cast<clang::MemberExpr>(e)) {
    const clang::Expr *base = me->getBase()->IgnoreParenImpCasts();
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(base);
    if (dr && !inMainFile(dr->getDecl()->getLocation())) {
      // threadIdx.x and friends, marked for resolveGpuBuiltins; a user's variable of
      // that name is declared in the file and is a flattened struct (member()).
      std::string n = dr->getDecl()->getNameAsString();
      const Builtin *b = findBuiltin(n, dialect_);
      if (!b || b->kind != BuiltinKind::ThreadId) {
        rejectBuiltin(r, n);
        return nullptr;
      }
      return ir::makeVar(
          std::string(kBuiltinMark) + n + "." + me->getMemberDecl()->getNameAsString(), r);
    }
    return boolCellValue(member(me), me->getType(), r); // a bool field of a buffer
  }
  if (llvm::isa<clang::ExtVectorElementExpr>(e)) // v.x (lower_aggregate.cpp)
    return aggregateLeaf(e, pre);
  if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
    return boolCellValue(index(as, pre), as->getType(), r);
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    switch (uo->getOpcode()) {
    case clang::UO_Minus: {
      ExprPtr a = value(uo->getSubExpr(), pre);
      if (!a)
        return nullptr;
      if (isFloat(uo->getType()))
        return floatCall(typedName("$fneg", {uo->getType()}), {a}, r);
      return typed(ir::makeUnary(ir::UnOp::Neg, a, r), cintOf(uo->getType()));
    }
    case clang::UO_Plus:
      return value(uo->getSubExpr(), pre);
    case clang::UO_Deref: {
      auto p = pointerValue(uo->getSubExpr(), pre);
      return boolCellValue(p ? pointerCell(*p, nullptr, uo->getType(), r) : nullptr, uo->getType(),
                           r);
    }
    case clang::UO_LNot: {
      ExprPtr a = cond(uo->getSubExpr(), pre);
      return a ? ir::makeUnary(ir::UnOp::Not, a, r) : nullptr;
    }
    case clang::UO_Not: {
      ExprPtr a = value(uo->getSubExpr(), pre);
      return a ? typed(ir::makeUnary(ir::UnOp::BitNot, a, r), cintOf(uo->getType())) : nullptr;
    }
    default:
      unsupported(r, "this operator inside an expression (side effects, addresses and "
                     "dereferences must be statements of their own)");
      return nullptr;
    }
  }
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e))
    return binary(bo, pre);
  if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
    Type t = isBoolValued(co) ? Type::Bool : Type::Int;
    ExprPtr ite = conditional(
        co, [&](const clang::Expr *x, std::vector<StmtPtr> &in) { return convertTo(x, t, in); },
        pre);
    if (ite && t == Type::Int)
      ite->cint = cintOf(co->getType());
    return ite;
  }
  if (auto *c = llvm::dyn_cast<clang::CallExpr>(e))
    return callValue(c, pre);
  if (auto *sz = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(e)) {
    clang::Expr::EvalResult v;
    if (sz->EvaluateAsInt(v, ctx_))
      return typed(ir::makeInt(v.Val.getInt().getExtValue(), r), cintOf(sz->getType()));
  }
  if (auto *at = llvm::dyn_cast<clang::AsTypeExpr>(e)) // as_float(x) (lower_vector.cpp)
    return asTypeValue(at, pre);
  unsupported(r, std::string("the expression ") + e->getStmtClassName());
  return nullptr;
}

ExprPtr CLowering::cast(clang::CastKind k, const clang::Expr *sub, clang::QualType to,
                        SourceRange r, std::vector<StmtPtr> &pre) {
  switch (k) {
  case clang::CK_IntegralCast: {
    // C's conversion: exact when the value fits, else modulo 2^N (vcgen).
    if (isBoolValued(sub))
      return convertInt(convertTo(sub, Type::Int, pre), cintOf(to), r);
    return convertInt(value(sub, pre), cintOf(to), r);
  }
  case clang::CK_LValueToRValue:
  case clang::CK_NoOp:
  case clang::CK_ArrayToPointerDecay:
  case clang::CK_FunctionToPointerDecay:
  case clang::CK_BuiltinFnToFnPtr:
    return value(sub, pre);
  case clang::CK_IntegralToBoolean:
    return convertTo(sub, Type::Bool, pre);
  case clang::CK_BooleanToSignedIntegral: {
    // OpenCL's bool to an integer component (`(uint2)b`, 6.2.2): true is all bits
    // set, -1 of a signed type and the largest value of an unsigned one (Clang
    // uses this cast kind for both).
    ExprPtr c = convertTo(sub, Type::Bool, pre);
    if (!c)
      return nullptr;
    ir::IntType t = cintOf(to);
    ExprPtr ones;
    if (!t.bounded() || t.isSigned)
      ones = typed(ir::makeInt(-1, r), t);
    else if (t.bits < 64)
      ones = typed(ir::makeInt((int64_t{1} << t.bits) - 1, r), t);
    else // 2^64 - 1 is no int64_t: -1 wrapped into the type
      ones = convertInt(typed(ir::makeInt(-1, r), ir::IntType{t.bits, true}), t, r);
    auto ite = std::make_shared<ir::Expr>();
    ite->kind = ExprKind::Ite;
    ite->range = r;
    ite->cint = t;
    ite->args = {c, ones, typed(ir::makeInt(0, r), t)};
    return ite;
  }
  case clang::CK_IntegralToFloating:
    // (float)n: a function of n's type and the floating type; a bool is the int 0 or 1.
    return convertScalar(isBoolValued(sub) ? convertTo(sub, Type::Int, pre) : value(sub, pre),
                         isBoolValued(sub) ? ctx_.IntTy : sub->getType(), to, r);
  case clang::CK_FloatingToIntegral:
    // (uchar)f: a function of f's type and the integer type, whose result is a value
    // of the integer type (out of range, OpenCL leaves the conversion to the
    // implementation and C leaves it undefined; GPUs saturate): nothing else known.
  case clang::CK_FloatingCast:
  case clang::CK_FloatingToBoolean:
    return convertScalar(value(sub, pre), sub->getType(), to, r);
  default:
    if (to->isBooleanType() && !sub->getType()->isPointerType())
      return convertTo(sub, Type::Bool, pre);
    unsupported(r, std::string("the conversion ") + clang::CastExpr::getCastKindName(k));
    return nullptr;
  }
}

ExprPtr CLowering::binary(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre) {
  SourceRange r = range(bo);
  auto op = bo->getOpcode();
  if (bo->isAssignmentOp() || op == clang::BO_Comma) {
    unsupported(r, bo->isAssignmentOp() ? "an assignment inside an expression"
                                        : "a comma operator inside an expression");
    return nullptr;
  }
  if (bo->isLogicalOp()) {
    ExprPtr a = cond(bo->getLHS(), pre);
    std::vector<StmtPtr> inner;
    ExprPtr b = cond(bo->getRHS(), inner);
    // Declarations of unknown values (no initialiser, no effect) may run whether or
    // not the right operand is evaluated; anything else would run only sometimes.
    bool unknownsOnly = std::all_of(inner.begin(), inner.end(), [](const StmtPtr &s) {
      return s->kind == StmtKind::VarDecl && !s->value;
    });
    if (!unknownsOnly) {
      unsupported(range(bo->getRHS()), "a function call on the right of && or ||");
      return nullptr;
    }
    pre.insert(pre.end(), inner.begin(), inner.end());
    if (!a || !b)
      return nullptr;
    return ir::makeBinary(op == clang::BO_LAnd ? ir::BinOp::And : ir::BinOp::Or, a, b, r);
  }
  // Pointer comparisons (p == NULL, p < q) and differences (lower_pointer.cpp).
  bool pointers =
      bo->getLHS()->getType()->isPointerType() || bo->getRHS()->getType()->isPointerType();
  if (pointers && bo->isComparisonOp() &&
      (isFunctionPointer(bo->getLHS()->getType()) || isFunctionPointer(bo->getRHS()->getType())))
    return functionPointerCompare(bo, pre); // lower_function_pointer.cpp
  if (pointers && bo->isComparisonOp())
    return pointerCompare(bo, pre);
  if (op == clang::BO_Sub && bo->getLHS()->getType()->isPointerType() &&
      bo->getRHS()->getType()->isPointerType())
    return pointerDifference(bo, pre);
  bool fl = isFloat(bo->getLHS()->getType()) || isFloat(bo->getRHS()->getType());
  if (bo->isComparisonOp()) {
    bool boolCmp = isBoolValued(bo->getLHS()) && isBoolValued(bo->getRHS());
    ExprPtr a = boolCmp ? value(bo->getLHS(), pre) : convertTo(bo->getLHS(), Type::Int, pre);
    ExprPtr b = boolCmp ? value(bo->getRHS(), pre) : convertTo(bo->getRHS(), Type::Int, pre);
    if (!a || !b)
      return nullptr;
    if (fl) {
      // Both operands have their common type (C's usual arithmetic conversions).
      clang::QualType ct =
          isFloat(bo->getLHS()->getType()) ? bo->getLHS()->getType() : bo->getRHS()->getType();
      auto f = [&](const char *fn, ExprPtr x, ExprPtr y) {
        return floatCall(typedName(fn, {ct}), {std::move(x), std::move(y)}, r, true);
      };
      switch (op) {
      case clang::BO_LT:
        return f("$flt", a, b);
      case clang::BO_GT:
        return f("$flt", b, a);
      case clang::BO_LE:
        return f("$fle", a, b);
      case clang::BO_GE:
        return f("$fle", b, a);
      case clang::BO_EQ:
        return f("$feq", a, b);
      default:
        return ir::makeUnary(ir::UnOp::Not, f("$feq", a, b), r);
      }
    }
    static const std::map<clang::BinaryOperatorKind, ir::BinOp> cmp = {
        {clang::BO_LT, ir::BinOp::Lt}, {clang::BO_GT, ir::BinOp::Gt},
        {clang::BO_LE, ir::BinOp::Le}, {clang::BO_GE, ir::BinOp::Ge},
        {clang::BO_EQ, ir::BinOp::Eq}, {clang::BO_NE, ir::BinOp::Ne}};
    return ir::makeBinary(cmp.at(op), a, b, r);
  }
  if (bo->getLHS()->getType()->isPointerType() || bo->getRHS()->getType()->isPointerType()) {
    unsupported(r, "a pointer as a value (pointer arithmetic is for pointer variables, indexing, "
                   "dereferences and arguments)");
    return nullptr;
  }
  ExprPtr a = convertTo(bo->getLHS(), Type::Int, pre);
  ExprPtr b = convertTo(bo->getRHS(), Type::Int, pre);
  if (!a || !b)
    return nullptr;
  return arith(op, a, b, bo->getType(), r);
}

// `c ? a : b` with each branch's value from `branch`; a branch that needs statements
// (a call) is unsupported: they would run whichever side ?: chooses.
ExprPtr CLowering::conditional(
    const clang::ConditionalOperator *co,
    const std::function<ExprPtr(const clang::Expr *, std::vector<StmtPtr> &)> &branch,
    std::vector<StmtPtr> &pre) {
  SourceRange r = range(co);
  std::vector<StmtPtr> inner;
  ExprPtr c = cond(co->getCond(), pre);
  ExprPtr a = branch(co->getTrueExpr(), inner);
  ExprPtr b = branch(co->getFalseExpr(), inner);
  if (!inner.empty()) {
    unsupported(r, "a function call in a branch of ?:");
    return nullptr;
  }
  if (!c || !a || !b)
    return nullptr;
  auto ite = std::make_shared<ir::Expr>();
  ite->kind = ExprKind::Ite;
  ite->range = r;
  ite->args = {c, a, b};
  return ite;
}

// A floating-point constant: a function of its format and exact bits (`$flit.f32`
// of the bits of 1.00000048f, `$flit.f64` of those of 1.00000048), so that equal
// constants of one type are equal; nothing else is known about them (floats are
// opaque, §11.2).
ExprPtr CLowering::floatLiteral(const llvm::APFloat &v, SourceRange r) {
  std::string fn = "$flit." + floatFormatTag(v.getSemantics());
  llvm::APInt bits = v.bitcastToAPInt();
  if (bits.getBitWidth() <= 64) // the bits as a two's complement number: one per pattern
    return floatCall(fn, {ir::makeInt(static_cast<int64_t>(bits.getZExtValue()), r)}, r);
  // Wider formats (f80, f128): numbered by their bits, one number per pattern.
  llvm::SmallString<40> hex;
  bits.toStringUnsigned(hex, 16);
  auto [it, fresh] =
      floatLiterals_.emplace(fn + ":" + std::string(hex.str()), floatLiterals_.size());
  return floatCall(fn, {ir::makeInt(static_cast<int64_t>(it->second), r)}, r);
}

// Inside a GPUVerify annotation, a call of a function of the file without a body
// (GPUVerify's DECLARE_UF_BINARY(f, int, int, int), `__uninterpreted_function_p()`)
// is an uninterpreted function of its arguments: one fixed unknown function, which is
// all such a declaration promises (a contract it has is not assumed; the values
// code's calls return are unrelated: each may be any value). Null for other calls.
ExprPtr CLowering::gpuVerifyUninterpreted(const clang::CallExpr *c, std::vector<StmtPtr> &pre) {
  const clang::FunctionDecl *fd = c->getDirectCallee();
  if (gvSpecDepth_ == 0 || !fd || fd->hasBody() || isBuiltin(c))
    return nullptr;
  auto scalar = [&](clang::QualType t) {
    t = t.getCanonicalType();
    return isIntLike(t) || t->isBooleanType() || isFloat(t);
  };
  if (!scalar(c->getType()))
    return nullptr;
  std::string fn = "$uf_" + fd->getNameAsString();
  std::vector<ExprPtr> args;
  for (const clang::Expr *a : c->arguments()) {
    if (!scalar(a->getType()))
      return nullptr;
    ExprPtr v = value(a, pre);
    if (!v)
      return nullptr;
    fn += "." + typeTag(a->getType());
    args.push_back(v);
  }
  fn += "." + typeTag(c->getType());
  bool isBool = c->getType()->isBooleanType();
  ExprPtr v = floatCall(fn, std::move(args), range(c), isBool);
  if (ir::IntType t = cintOf(c->getType()); t.bounded() && !isBool)
    return convertInt(v, t, range(c));
  return v;
}

ExprPtr CLowering::callValue(const clang::CallExpr *c, std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  std::string name = calleeName(c);
  if (auto gv = name.empty() ? std::nullopt : gpuVerifyValue(c, pre))
    return *gv;
  if (!name.empty() && pureFunctions_.count(name) && !isBuiltin(c)) {
    // A pure function's call is a value (its body is its definition).
    auto call = std::make_shared<ir::Expr>();
    call->kind = ExprKind::Call;
    call->range = r;
    call->name = name;
    if (!callArguments(c, c->getDirectCallee(), name, call->args, pre))
      return nullptr;
    return typed(call, cintOf(c->getType()));
  }
  if (ExprPtr uf = gpuVerifyUninterpreted(c, pre))
    return uf;
  if (!isBuiltin(c) || isAtomic(c)) {
    // A helper function or atomic inside an expression: evaluated first, into a temporary.
    std::string tmp = freshTemp();
    auto d = newStmt(StmtKind::VarDecl, r);
    d->name = tmp;
    d->declType = irType(c->getType());
    d->cint = cintOf(c->getType());
    pre.push_back(d);
    call(c, ir::makeVar(tmp, r), pre);
    return typed(ir::makeVar(tmp, r), d->cint);
  }
  // A floating-point constant the headers spell as a builtin call (INFINITY is
  // __builtin_inff(), HUGE_VAL __builtin_huge_val()): Clang evaluates it, and it is
  // a literal of that value.
  if (isFloat(c->getType()) && calleeName(c).rfind("__builtin_", 0) == 0) {
    clang::Expr::EvalResult er;
    if (c->EvaluateAsRValue(er, ctx_) && er.Val.isFloat())
      return floatLiteral(er.Val.getFloat(), r);
  }
  // A builtin: what stdlib-specs/builtins.def says it is, or unsupported.
  const Builtin *b = builtinOf(c);
  if (!b) {
    rejectBuiltin(r, builtinName(c));
    return nullptr;
  }
  if (b->kind == BuiltinKind::Barrier) {
    unsupported(r, "a barrier inside an expression");
    return nullptr;
  }
  if (b->kind == BuiltinKind::OutPointer)
    return outPointerCall(c, pre); // lower_builtin_calls.cpp
  if (b->kind == BuiltinKind::Generator) {
    ExprPtr v;
    if (!generatorCall(c, &v, pre)) // lower_memory_builtins.cpp
      return nullptr;
    if (!v)
      unsupported(r, "the value of '" + name + "' (it returns nothing)");
    return v;
  }
  std::vector<ExprPtr> args;
  for (const clang::Expr *a : c->arguments()) {
    ExprPtr v = value(a, pre);
    if (!v)
      return nullptr;
    args.push_back(v);
  }
  if (std::optional<ExprPtr> v = builtinCallValue(c, *b, args)) // lower_builtin_calls.cpp
    return *v;
  if (b->kind == BuiltinKind::ThreadId) {
    // Marked: resolveGpuBuiltins rewrites it (a user's get_local_id is never marked).
    auto call = std::make_shared<ir::Expr>();
    call->kind = ExprKind::Call;
    call->range = r;
    call->args = args;
    call->name = std::string(kBuiltinMark) + name;
    return call;
  }
  bool floatArgs = std::any_of(c->arg_begin(), c->arg_end(),
                               [](const clang::Expr *a) { return isFloat(a->getType()); });
  if (b->kind == BuiltinKind::IntOp && (name == "min" || name == "max") && args.size() == 2 &&
      !floatArgs) {
    auto ite = std::make_shared<ir::Expr>();
    ite->kind = ExprKind::Ite;
    ite->range = r;
    ite->args = {ir::makeBinary(name == "min" ? ir::BinOp::Le : ir::BinOp::Ge, args[0], args[1], r),
                 args[0], args[1]};
    ite->cint = cintOf(c->getType());
    return ite;
  }
  if (b->kind == BuiltinKind::IntOp && name == "abs" && args.size() == 1 && !floatArgs) {
    auto ite = std::make_shared<ir::Expr>();
    ite->kind = ExprKind::Ite;
    ite->range = r;
    // OpenCL's abs returns the unsigned type (abs(INT_MIN) is 2^31); CUDA's the
    // signed one (abs(INT_MIN) overflows): the negation is carried out in it.
    ite->cint = cintOf(c->getType());
    ite->args = {ir::makeBinary(ir::BinOp::Ge, args[0], ir::makeInt(0, r), r), args[0],
                 typed(ir::makeUnary(ir::UnOp::Neg, args[0], r), ite->cint)};
    return ite;
  }
  for (const clang::Expr *a : c->arguments())
    if (a->getType()->isPointerType()) {
      unsupported(r, "the builtin '" + name + "' (it takes a pointer)");
      return nullptr;
    }
  if (c->getType()->isVoidType()) {
    unsupported(r, "the builtin '" + name + "'");
    return nullptr;
  }
  // Pure builtins (sqrt, exp, mad, ...) and min / max / abs on floating point: a
  // deterministic function nothing else is known about; an integer result is a value
  // of its type.
  ExprPtr v = floatCall(builtinFunctionName("$fn_" + name, c), args, r);
  if (ir::IntType t = cintOf(c->getType()); t.bounded())
    return convertInt(v, t, r);
  return v;
}

} // namespace kprove::lang::clower
