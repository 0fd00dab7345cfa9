// Vectors (OpenCL's int2 ... double16, CUDA's int2 ... float4) as tuples of their
// components (lower_aggregate.cpp): the components' names, component-wise
// operators, the builtins that make, load and store vectors, as_type, and calls of
// bodiless functions returning a struct or vector. A vector's
// components are named x y z w (up to four) or s0 ... sf (more); any spelling C
// allows (`.s1`, `.hi`, `.xy`, `.even`) selects by index.
#include "lang/c/clang_lowering.h"

#include <cctype>

namespace kprove::lang::clower {

std::string CLowering::componentName(unsigned i, unsigned n) {
  static const char *const xyzw[] = {"x", "y", "z", "w"};
  if (n <= 4)
    return xyzw[i];
  return std::string("s") + "0123456789abcdef"[i];
}

// The component index a single-component spelling (`x`, `s3`, `sA`) denotes.
std::optional<unsigned> CLowering::componentIndex(const std::string &s) {
  static const std::string xyzw = "xyzw";
  if (s.size() == 1 && xyzw.find(s[0]) != std::string::npos)
    return static_cast<unsigned>(xyzw.find(s[0]));
  if (s.size() == 2 && (s[0] == 's' || s[0] == 'S')) {
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[1])));
    if (c >= '0' && c <= '9')
      return static_cast<unsigned>(c - '0');
    if (c >= 'a' && c <= 'f')
      return static_cast<unsigned>(c - 'a' + 10);
  }
  return std::nullopt;
}

// Component-wise `op` on two vectors of type `operand`; comparisons give OpenCL's
// -1 (true) and 0 (false) per component.
std::optional<std::vector<ExprPtr>>
CLowering::vectorBinary(clang::BinaryOperatorKind op, const std::vector<ExprPtr> &a,
                        const std::vector<ExprPtr> &b, clang::QualType operand,
                        const std::vector<Field> &result, SourceRange r) {
  const auto *vt = operand.getCanonicalType()->getAs<clang::ExtVectorType>();
  if (!vt || a.size() != b.size() || a.size() != result.size()) {
    unsupported(r, "this operator on structs (only on vectors)");
    return std::nullopt;
  }
  clang::QualType elem = vt->getElementType();
  std::vector<ExprPtr> out;
  if (clang::BinaryOperator::isComparisonOp(op)) {
    if (isFloat(elem)) {
      unsupported(r, "comparisons of floating-point vectors");
      return std::nullopt;
    }
    ir::BinOp cmp = op == clang::BO_LT   ? ir::BinOp::Lt
                    : op == clang::BO_LE ? ir::BinOp::Le
                    : op == clang::BO_GT ? ir::BinOp::Gt
                    : op == clang::BO_GE ? ir::BinOp::Ge
                    : op == clang::BO_EQ ? ir::BinOp::Eq
                                         : ir::BinOp::Ne;
    for (size_t i = 0; i < a.size(); ++i) {
      auto ite = std::make_shared<ir::Expr>();
      ite->kind = ExprKind::Ite;
      ite->range = r;
      ite->args = {ir::makeBinary(cmp, a[i], b[i], r), typed(ir::makeInt(-1, r), result[i].cint),
                   typed(ir::makeInt(0, r), result[i].cint)};
      ite->cint = result[i].cint;
      out.push_back(ite);
    }
    return out;
  }
  if (clang::BinaryOperator::isLogicalOp(op)) {
    unsupported(r, "&& and || on vectors");
    return std::nullopt;
  }
  for (size_t i = 0; i < a.size(); ++i) {
    ExprPtr v = arith(op, a[i], b[i], elem, r);
    if (!v)
      return std::nullopt;
    out.push_back(v);
  }
  return out;
}

// kprove's make_int2 ... (stdlib-specs/vector_types.h), marked by an annotation.
bool CLowering::isVectorMake(const clang::CallExpr *c) const {
  const clang::FunctionDecl *f = c->getDirectCallee();
  if (!f || !isBuiltin(c))
    return false;
  for (const auto *a : f->specific_attrs<clang::AnnotateAttr>())
    if (a->getAnnotation() == "kprove_vector_make")
      return true;
  return false;
}

// A call producing an aggregate: CUDA's make_int2 ... (a vector's components in
// order), OpenCL's vloadN(i, p) (p[N*i] ... p[N*i + N-1]).
std::optional<std::vector<ExprPtr>> CLowering::aggregateCall(const clang::CallExpr *c,
                                                             const std::vector<Field> &fields,
                                                             std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  std::string name = calleeName(c);
  if (!isBuiltin(c)) {
    const clang::FunctionDecl *fd = c->getDirectCallee();
    if (fd && !fd->getDefinition() && inMainFile(fd->getLocation()))
      return opaqueAggregateCall(c, fields, pre); // lower_aggregate.cpp
    unsupported(r, "a call of '" + name +
                       "', a function with a body returning a struct or vector (kprove's "
                       "functions return one scalar: pass a buffer to write to instead)");
    return std::nullopt;
  }
  if (isVectorMake(c) && c->getNumArgs() == fields.size()) {
    std::vector<ExprPtr> out;
    for (unsigned i = 0; i < c->getNumArgs(); ++i) {
      ExprPtr v = convertTo(c->getArg(i), fields[i].type, pre);
      if (!v)
        return std::nullopt;
      out.push_back(fields[i].floating ? v : convertInt(v, fields[i].cint, r));
    }
    return out;
  }
  if (name == "vload" + std::to_string(fields.size()) && c->getNumArgs() == 2) {
    auto p = pointerValue(c->getArg(1), pre);
    ExprPtr i = p ? convertTo(c->getArg(0), Type::Int, pre) : nullptr;
    if (!i)
      return std::nullopt;
    // The array's element type: a private or __local array is named as an array.
    clang::QualType elem = elementOf(c->getArg(1));
    if (elem.isNull()) {
      unsupported(r, "this pointer argument of '" + name + "'");
      return std::nullopt;
    }
    std::vector<ExprPtr> out;
    for (size_t k = 0; k < fields.size(); ++k) {
      ExprPtr at =
          addOffset(typed(ir::makeBinary(
                              ir::BinOp::Mul,
                              typed(ir::makeInt(static_cast<int64_t>(fields.size()), r), {}), i, r),
                          {}),
                    ir::makeInt(static_cast<int64_t>(k), r), false, r);
      out.push_back(pointerCell(*p, at, elem, r));
    }
    vloadGiven(c, out, pre);
    return out;
  }
  if (auto parts = shuffleCall(c, fields, pre)) { // lower_builtin_calls.cpp
    if (parts->empty())
      return std::nullopt; // reported
    return parts;
  }
  if (auto parts = selectCall(c, fields, pre)) { // lower_builtin_calls.cpp
    if (parts->empty())
      return std::nullopt; // reported
    return parts;
  }
  if (auto parts = componentwiseCall(c, fields, pre)) { // lower_builtin_calls.cpp
    if (parts->empty())
      return std::nullopt; // reported
    return parts;
  }
  rejectBuiltin(r, builtinName(c));
  return std::nullopt;
}

// VerCors's vloadN takes `given {r = f}` (its opencl.h: `given rational r;
// context r > 0 && r < write; context Perm(&p[N*offset + k], r)` for each k): the
// thread holds at least f, a fraction strictly between 0 and 1, of each cell read.
// Checked as an assertion before the reads; without `given`, the reads need any
// positive permission.
void CLowering::vloadGiven(const clang::CallExpr *c, const std::vector<ExprPtr> &cells,
                           std::vector<StmtPtr> &pre) {
  SpecComment ghost = ghostArgsAfter(c);
  for (const ir::GhostArg &y : ghost.callYields)
    typeError(y.nameRange, "'" + calleeName(c) + "' has no yields parameter '" + y.name + "'");
  for (const ir::GhostArg &g : ghost.callGiven) {
    if (g.name != "r") {
      typeError(g.nameRange, "'" + calleeName(c) + "' has no given parameter '" + g.name +
                                 "' (its only one is the fraction 'r')");
      continue;
    }
    SourceRange r = g.value->range;
    auto perm = [&](ir::PermConst k) {
      auto e = std::make_shared<ir::Expr>();
      e->kind = ExprKind::PermConst;
      e->permConst = k;
      e->range = r;
      return e;
    };
    ExprPtr f = ir::makeBinary(
        ir::BinOp::And, ir::makeBinary(ir::BinOp::Lt, perm(ir::PermConst::None), g.value, r),
        ir::makeBinary(ir::BinOp::Lt, g.value, perm(ir::PermConst::Write), r), r);
    for (const ExprPtr &cell : cells) {
      auto held = std::make_shared<ir::Expr>();
      held->kind = ExprKind::Perm;
      held->range = r;
      held->args = {cell, g.value};
      f = ir::makeBinary(ir::BinOp::Star, f, held, r);
    }
    auto a = newStmt(StmtKind::Assert, r);
    a->value = f;
    pre.push_back(a);
  }
}

// OpenCL's vstoreN(v, i, p): p[N*i + k] = v.k; CUDA's (C++'s) `a = b` of structs,
// the implicit operator=. False if `c` is neither.
bool CLowering::vectorStore(const clang::CallExpr *c, std::vector<StmtPtr> &out) {
  if (auto *oc = llvm::dyn_cast<clang::CXXOperatorCallExpr>(c);
      oc && oc->getOperator() == clang::OO_Equal && oc->getNumArgs() == 2 &&
      isAggregate(oc->getArg(0)->getType())) {
    const auto *m = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(oc->getDirectCallee());
    if (!m || !m->isImplicit() || !m->isTrivial()) {
      unsupported(range(c), "a user-defined operator=");
      return true;
    }
    aggregateAssign(oc->getArg(0), oc->getArg(1), clang::BO_Assign, range(c), out);
    return true;
  }
  std::string name = calleeName(c);
  if (!isBuiltin(c) || name.rfind("vstore", 0) != 0 || c->getNumArgs() != 3 ||
      !isAggregate(c->getArg(0)->getType()))
    return false;
  SourceRange r = range(c);
  std::vector<StmtPtr> pre;
  auto v = aggregateParts(c->getArg(0), pre);
  if (!v)
    return true;
  if (name != "vstore" + std::to_string(v->size())) {
    rejectBuiltin(r, builtinName(c));
    return true;
  }
  auto p = pointerValue(c->getArg(2), pre);
  ExprPtr i = p ? convertTo(c->getArg(1), Type::Int, pre) : nullptr;
  if (!i)
    return true;
  clang::QualType elem = elementOf(c->getArg(2)); // a private or __local array, or a pointer
  if (elem.isNull()) {
    unsupported(r, "this pointer argument of '" + name + "'");
    return true;
  }
  out.insert(out.end(), pre.begin(), pre.end());
  for (size_t k = 0; k < v->size(); ++k) {
    ExprPtr at = addOffset(
        typed(ir::makeBinary(ir::BinOp::Mul,
                             typed(ir::makeInt(static_cast<int64_t>(v->size()), r), {}), i, r),
              {}),
        ir::makeInt(static_cast<int64_t>(k), r), false, r);
    assign(pointerCell(*p, at, elem, r), (*v)[k], r, out);
  }
  return true;
}

// OpenCL's as_T(x) of one scalar of `from` as `to`, of the same width: between
// integer types it is the conversion modulo 2^N (two's complement: the same bits);
// between an integer and a floating-point type an opaque function of the value
// (floats are opaque, §11.2: equal bits give equal results, nothing else known),
// whose integer result is wrapped into its type. Different widths are unsupported.
ExprPtr CLowering::reinterpret(ExprPtr v, clang::QualType from, clang::QualType to, SourceRange r) {
  from = from.getCanonicalType();
  to = to.getCanonicalType();
  bool scalarFrom = from->isIntegerType() || from->isRealFloatingType();
  bool scalarTo = to->isIntegerType() || to->isRealFloatingType();
  if (!v || !scalarFrom || !scalarTo || from->isBooleanType() || to->isBooleanType() ||
      ctx_.getTypeSize(from) != ctx_.getTypeSize(to)) {
    if (v)
      unsupported(r, "as_type from '" + from.getAsString() + "' to '" + to.getAsString() +
                         "' (only between scalars or components of the same width)");
    return nullptr;
  }
  std::string width = std::to_string(ctx_.getTypeSize(to));
  if (isFloat(from) && isFloat(to))
    return v;
  if (isFloat(to))
    return floatCall("$asfloat" + width, {v}, r);
  if (isFloat(from))
    return convertInt(floatCall("$asint" + width, {v}, r), cintOf(to), r);
  return convertInt(v, cintOf(to), r);
}

ExprPtr CLowering::asTypeValue(const clang::AsTypeExpr *e, std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  const clang::Expr *src = e->getSrcExpr();
  if (isAggregate(src->getType()) || isAggregate(e->getType())) {
    unsupported(r, "as_type between a vector and a scalar");
    return nullptr;
  }
  return reinterpret(value(src, pre), src->getType(), e->getType(), r);
}

// as_T of a vector: component by component, when both have as many components.
std::optional<std::vector<ExprPtr>> CLowering::asTypeParts(const clang::AsTypeExpr *e,
                                                           std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  const clang::Expr *src = e->getSrcExpr();
  const auto *fromV = src->getType().getCanonicalType()->getAs<clang::ExtVectorType>();
  const auto *toV = e->getType().getCanonicalType()->getAs<clang::ExtVectorType>();
  if (!fromV || !toV || fromV->getNumElements() != toV->getNumElements()) {
    unsupported(r, "as_type from '" + src->getType().getAsString() + "' to '" +
                       e->getType().getAsString() +
                       "' (only between vectors of as many components of the same width)");
    return std::nullopt;
  }
  auto parts = aggregateParts(src, pre);
  if (!parts)
    return std::nullopt;
  for (ExprPtr &p : *parts) {
    p = reinterpret(p, fromV->getElementType(), toV->getElementType(), r);
    if (!p)
      return std::nullopt;
  }
  return parts;
}

// --- functions returning structs or vectors ---

// A function declared without a body and without a contract, returning a struct or
// vector: it promises nothing, so a call's result is any value of the type and,
// holding no permission, the call changes no memory kprove tracks. That is one
// abstract method per leaf (`bar$x`, `bar$y`, ...), each called once per call of
// `bar` with the same arguments: independent unknown leaves, exactly any value.
// With a body or a contract the leaves are related, which one scalar result per
// method cannot say: unsupported.
std::string CLowering::leafMethodName(const std::string &fn, const Field &f) {
  return fn + "$" + f.name;
}

void CLowering::aggregateResultMethods(const clang::FunctionDecl *fd, ir::Method m) {
  clang::QualType rt = fd->getReturnType();
  auto fields = scalarFields(rt);
  if (!fields) {
    unsupported(m.nameRange, "function '" + m.name + "' returning '" + rt.getAsString() +
                                 "': " + aggregateProblem(rt));
    return;
  }
  if (fd->getDefinition() || !m.contract.empty()) {
    unsupported(m.nameRange,
                "function '" + m.name + "' returning '" + rt.getAsString() +
                    "' with a body or a contract (kprove's functions return one scalar: pass a "
                    "buffer to write to instead)");
    return;
  }
  for (const Field &f : *fields) {
    ir::Method leaf = m;
    leaf.name = leafMethodName(m.name, f);
    leaf.returnType = f.type;
    leaf.returnCint = f.cint;
    out_.methods.push_back(std::move(leaf));
  }
}

// A call of such a function: its arguments lowered once (as for any call), then one
// call per leaf into a temporary.
std::optional<std::vector<ExprPtr>> CLowering::opaqueAggregateCall(const clang::CallExpr *c,
                                                                   const std::vector<Field> &fields,
                                                                   std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  std::vector<StmtPtr> stmts;
  call(c, nullptr, stmts);
  if (stmts.empty() || stmts.back()->kind != StmtKind::Call)
    return std::nullopt; // reported
  StmtPtr proto = stmts.back();
  stmts.pop_back();
  pre.insert(pre.end(), stmts.begin(), stmts.end());
  std::vector<ExprPtr> out;
  for (const Field &f : fields) {
    auto d = newStmt(StmtKind::VarDecl, r);
    d->name = freshTemp();
    d->declType = f.type;
    d->cint = f.cint;
    if (f.floating)
      floatNames_.insert(d->name);
    pre.push_back(d);
    auto leafCall = std::make_shared<ir::Stmt>(*proto);
    leafCall->name = leafMethodName(proto->name, f);
    leafCall->target = typed(ir::makeVar(d->name, r), f.cint);
    pre.push_back(leafCall);
    out.push_back(typed(ir::makeVar(d->name, r), f.cint));
  }
  return out;
}

} // namespace kprove::lang::clower
