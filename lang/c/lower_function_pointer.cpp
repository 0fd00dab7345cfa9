// Function pointers: a function pointer is the number of the function it points to.
//   - Every function the main file declares, kernels excepted, has a number: 1, 2, ...
//     in the order of the file. NULL is 0. A function pointer variable or parameter is
//     an integer variable holding one, so `f = g`, `&g`, `c ? g : h`, `f == g`, `!f`
//     and `if (f)` are integer operations on the numbers (distinct functions have
//     distinct addresses, and none is NULL).
//   - A call through a pointer, `(*f)(args)` or `f(args)`, is a case split over the
//     file's functions of the pointer's type: `if (f == 1) g(args) else if (f == 2)
//     h(args) else <obligation>`. Each possible callee is verified at the call as a
//     direct call of it would be (inlined or against its contract). The obligation in
//     the last branch (code null) fails when f may be NULL or a number no function of
//     that type has: an unconstrained parameter, or a pointer of another type.
//   - Not modelled, and unsupported with the construct named: the address of a builtin
//     or of a function declared outside the file (its body is not known) or of a
//     kernel; ordering function pointers (`<`: the order of addresses is not known);
//     conversions between function pointers and integers or data pointers; function
//     pointers in memory (arrays, struct fields, file-scope variables); functions
//     returning them.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

bool CLowering::isFunctionPointer(clang::QualType t) {
  return t.getCanonicalType()->isFunctionPointerType();
}

// The numbers of the file's functions, in the order of the file (computed once).
const std::vector<const clang::FunctionDecl *> &CLowering::numberedFunctions() {
  if (numberedFunctions_)
    return *numberedFunctions_;
  numberedFunctions_.emplace();
  for (clang::Decl *d : fileDecls()) {
    auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fd || !inMainFile(fd->getLocation()) || isKernel(fd))
      continue;
    const clang::FunctionDecl *canon = fd->getCanonicalDecl();
    if (functionNumbers_.count(canon))
      continue;
    numberedFunctions_->push_back(canon);
    functionNumbers_[canon] = static_cast<int64_t>(numberedFunctions_->size());
  }
  return *numberedFunctions_;
}

// The number of function `fd` as a value, or null (and a diagnostic).
ExprPtr CLowering::functionNumber(const clang::FunctionDecl *fd, SourceRange r) {
  numberedFunctions();
  auto it = functionNumbers_.find(fd->getCanonicalDecl());
  if (it == functionNumbers_.end()) {
    unsupported(r, "the address of '" + fd->getNameAsString() + "' (" +
                       (isKernel(fd) ? std::string("a kernel")
                                     : std::string("a builtin or a function declared outside "
                                                   "this file, whose body kprove does not know")) +
                       "): only the file's own functions may be called through pointers");
    return nullptr;
  }
  return ir::makeInt(it->second, r);
}

// The value of a function pointer, or of a function designator (an expression of
// function type: g, *f, c ? g : h): the number of its function.
ExprPtr CLowering::functionPointerValue(const clang::Expr *e, std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  e = e->IgnoreParens();
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e))
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(dr->getDecl()))
      return functionNumber(fd, r);
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
      uo && uo->getOpcode() == clang::UO_Deref && isFunctionPointer(uo->getSubExpr()->getType()))
    return functionPointerValue(uo->getSubExpr(), pre); // *f designates f's function
  if (e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull))
    return ir::makeInt(0, r);
  if (auto *ce = llvm::dyn_cast<clang::CastExpr>(e)) {
    const clang::Expr *sub = ce->getSubExpr();
    switch (ce->getCastKind()) {
    case clang::CK_FunctionToPointerDecay: // a function designator: g, *f, c ? g : h
      return functionPointerValue(sub, pre);
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
      return functionPointerValue(sub, pre);
    case clang::CK_BitCast:
      // Between function pointer types: the same number; a call through the wrong
      // type finds no function of its type with it (the obligation fails).
      if (isFunctionPointer(sub->getType()))
        return functionPointerValue(sub, pre);
      break;
    default:
      break;
    }
    unsupported(r, "the conversion of '" + sub->getType().getAsString() + "' to the function " +
                       "pointer type '" + e->getType().getAsString() +
                       "' (a function pointer is the function it names; its address as data "
                       "is not modelled)");
    return nullptr;
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
      uo && uo->getOpcode() == clang::UO_AddrOf && uo->getSubExpr()->getType()->isFunctionType())
    return functionPointerValue(uo->getSubExpr(), pre); // &g
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    auto *vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
    if (vd && (vd->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(vd)))
      return ir::makeVar(vd->getNameAsString(), r);
  }
  if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return conditional(
        co,
        [&](const clang::Expr *x, std::vector<StmtPtr> &in) { return functionPointerValue(x, in); },
        pre);
  unsupported(r, "this function pointer expression (only a function's name, &f, NULL, a "
                 "function pointer variable or parameter, and ?: between them)");
  return nullptr;
}

// `f == g`, `f != NULL`: the numbers compared. Ordering is not known.
ExprPtr CLowering::functionPointerCompare(const clang::BinaryOperator *bo,
                                          std::vector<StmtPtr> &pre) {
  SourceRange r = range(bo);
  if (bo->getOpcode() != clang::BO_EQ && bo->getOpcode() != clang::BO_NE) {
    unsupported(r, "ordering function pointers with '" + bo->getOpcodeStr().str() +
                       "' (the order of functions' addresses is not known)");
    return nullptr;
  }
  auto side = [&](const clang::Expr *x) -> ExprPtr {
    if (isFunctionPointer(x->getType()) ||
        x->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull))
      return functionPointerValue(x, pre);
    unsupported(range(x), "comparing a function pointer with '" + x->getType().getAsString() +
                              "' (only with function pointers and NULL)");
    return nullptr;
  };
  ExprPtr a = side(bo->getLHS()), b = side(bo->getRHS());
  if (!a || !b)
    return nullptr;
  return ir::makeBinary(bo->getOpcode() == clang::BO_EQ ? ir::BinOp::Eq : ir::BinOp::Ne, a, b, r);
}

// `T (*f)(...)` as a local variable: the integer variable f.
void CLowering::functionPointerDecl(const clang::VarDecl *vd, std::vector<StmtPtr> &out) {
  SourceRange r = range(vd);
  auto d = newStmt(StmtKind::VarDecl, r);
  d->name = vd->getNameAsString();
  d->nameRange = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
  d->declType = Type::Int;
  if (const clang::Expr *init = vd->getInit()) {
    std::vector<StmtPtr> pre;
    d->value = functionPointerValue(init, pre);
    if (!d->value)
      return;
    out.insert(out.end(), pre.begin(), pre.end());
  }
  out.push_back(d);
}

// `(*f)(args)`: the case split over the file's functions of f's type.
void CLowering::functionPointerCall(const clang::CallExpr *c, ExprPtr target,
                                    std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  const clang::Expr *callee = c->getCallee()->IgnoreParens();
  clang::QualType fpType = callee->getType();
  if (!isFunctionPointer(fpType)) {
    unsupported(r, "this call (its callee is neither a function nor a function pointer)");
    return;
  }
  std::vector<StmtPtr> pre;
  ExprPtr number = functionPointerValue(callee, pre);
  if (!number)
    return;
  out.insert(out.end(), pre.begin(), pre.end());
  if (number->kind != ExprKind::Var && number->kind != ExprKind::IntLit) {
    // Evaluated once, before the split.
    auto d = newStmt(StmtKind::VarDecl, r);
    d->name = freshTemp();
    d->declType = Type::Int;
    d->value = number;
    out.push_back(d);
    number = ir::makeVar(d->name, r);
  }
  clang::QualType fnType = fpType.getCanonicalType()->getPointeeType().getCanonicalType();
  std::vector<const clang::FunctionDecl *> candidates;
  for (const clang::FunctionDecl *fd : numberedFunctions())
    if (ctx_.hasSameType(fd->getType().getCanonicalType(), fnType))
      candidates.push_back(fd);
  auto names = [&](const clang::FunctionDecl *fd) {
    return ir::makeBinary(ir::BinOp::Eq, number, ir::makeInt(functionNumbers_.at(fd), r), r);
  };
  // First that the pointer names one of them, then the split with the last case
  // as the final else: no branch a precondition naming the functions makes dead
  // (dead code under a precondition with only a candidate model is unknown,
  // docs/soundness.md "Vacuity").
  auto none = newStmt(StmtKind::Assert, r);
  ExprPtr any = ir::makeBool(false, r);
  for (const clang::FunctionDecl *fd : candidates)
    any = any->kind == ExprKind::BoolLit ? names(fd)
                                         : ir::makeBinary(ir::BinOp::Or, any, names(fd), r);
  none->value = any;
  none->assertCode = DiagCode::Null;
  none->assertMessage = "the function pointer may be NULL or point to no function of type '" +
                        fnType.getAsString() + "' in this file";
  out.push_back(none);
  std::vector<StmtPtr> *branch = &out;
  for (size_t k = 0; k < candidates.size(); ++k) {
    if (k + 1 == candidates.size()) {
      helperCall(c, candidates[k], target, *branch);
      break;
    }
    auto split = newStmt(StmtKind::If, r);
    split->cond = names(candidates[k]);
    helperCall(c, candidates[k], target, split->body);
    branch->push_back(split);
    branch = &split->elseBody;
  }
}

} // namespace kprove::lang::clower
