// Vectors (OpenCL's int2 ... double16, CUDA's int2 ... float4) as tuples of their
// components (lower_aggregate.cpp): the components' names, component-wise
// operators, and the builtins that make, load and store vectors. A vector's
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
    unsupported(r, "a function returning a struct or vector ('" + name + "')");
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
    clang::QualType elem = c->getArg(1)->IgnoreParenImpCasts()->getType()->getPointeeType();
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
    return out;
  }
  rejectBuiltin(r, builtinName(c));
  return std::nullopt;
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
  out.insert(out.end(), pre.begin(), pre.end());
  clang::QualType elem = c->getArg(2)->IgnoreParenImpCasts()->getType()->getPointeeType();
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

} // namespace kprove::lang::clower
