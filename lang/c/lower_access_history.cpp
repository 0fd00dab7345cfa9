// GPUVerify's access-history predicates in annotations (docs/language.md §11.9):
//   __read(A)  __write(A)                      an access to A is logged
//   __read_offset_bytes(A)  __write_offset_bytes(A)   the logged access's byte offset
// (__no_read, __read_implies and the others are macros of stdlib-specs/gpuverify.h
// over these). Each reads the executing thread's ghost log of array A, which
// lang/c/access_history.cpp declares and keeps: here they only become its variables.
// A is named directly: a kernel's array parameter, its local (shared) array, or a
// pointer variable into one of them (its array).
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

ExprPtr CLowering::accessHistoryValue(const clang::CallExpr *c, const std::string &name,
                                      bool offset) {
  SourceRange r = range(c);
  // In a helper: the log of the array its parameter is, once the helper is inlined
  // (lang/c/inline_helpers.cpp renames it); in a helper kept modular, recordAccessHistories
  // rejects it.
  // The argument is `sizeof(A)` (gpuverify.h): A, unevaluated.
  const clang::Expr *a = c->getNumArgs() == 1 ? c->getArg(0)->IgnoreParenImpCasts() : nullptr;
  auto *so = llvm::dyn_cast_or_null<clang::UnaryExprOrTypeTraitExpr>(a);
  const clang::Expr *p =
      so && !so->isArgumentType() ? so->getArgumentExpr()->IgnoreParenImpCasts() : nullptr;
  auto *dr = p ? llvm::dyn_cast<clang::DeclRefExpr>(p) : nullptr;
  std::string array;
  clang::QualType elem;
  if (dr) {
    const clang::ValueDecl *d = dr->getDecl();
    auto *vd = llvm::dyn_cast<clang::VarDecl>(d);
    if (llvm::isa<clang::ParmVarDecl>(d) && d->getType()->isPointerType()) {
      array = d->getNameAsString();
      elem = d->getType()->getPointeeType();
    } else if (vd && isSharedDecl(vd) && vd->getType()->isArrayType()) {
      array = vd->getNameAsString();
      elem = ctx_.getBaseElementType(vd->getType());
    } else if (const PointerVar *pv = pointerVar(p); pv && pv->base) {
      array = pv->baseName;
      elem = vd->getType()->getPointeeType();
    }
  }
  if (array.empty()) {
    unsupported(r, "'" + name +
                       "' of anything but an array named directly (a kernel's array parameter, "
                       "local array or pointer variable into one)");
    return nullptr;
  }
  if (elem.isNull() || elem->isIncompleteType()) {
    unsupported(r, "'" + name + "' of an array of incomplete element type");
    return nullptr;
  }
  if (isAggregate(elem) || aggregateNames_.count(array)) {
    unsupported(r, "'" + name + "' of an array of structs or vectors");
    return nullptr;
  }
  bool read = name.find("read") != std::string::npos;
  if (!offset) {
    auto v = ir::makeVar(std::string(read ? kReadLog : kWriteLog) + array, r);
    v->type = Type::Bool;
    return v;
  }
  // GPUVerify logs the cell; its byte offset is the cell times the element's size.
  int64_t size = ctx_.getTypeSizeInChars(elem).getQuantity();
  ExprPtr cell = ir::makeVar(std::string(read ? kReadIndex : kWriteIndex) + array, r);
  ExprPtr bytes = ir::makeBinary(ir::BinOp::Mul, cell, ir::makeInt(size, r), r);
  return convertInt(bytes, cintOf(c->getType()), r);
}

} // namespace kprove::lang::clower
