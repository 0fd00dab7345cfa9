// Pointers: a pointer is an (array, offset) pair whose array is known statically,
// a pointer parameter or a __local / __shared__ array. A local pointer variable
// `T *p` becomes the integer variable `p$off`, its array fixed by its first
// assignment; `*p` is base[p$off], `p[i]` base[p$off + i], `p + i` the pair
// (base, p$off + i), `&a[i]` (a, i), and comparisons of pointers into one array
// compare offsets. A helper's pointer parameter that some call passes an offset
// pointer (`f(a + gid)`, `f(&a[i])`, `f(p)`) gets an offset parameter `p$off` after
// it, and the helper's body and contract index base[p$off + i].
//
// Offsets are mathematical integers: an offset C defines (inside the array or one
// past it) fits ptrdiff_t, so C's pointer arithmetic never wraps. A pointer whose
// array is known only at run time (assigned pointers into two arrays, a null
// pointer, ?: between arrays) holds its array in an array variable
// (lower_pointer_dynamic.cpp), and so does a pointer a function returns. A cast
// between element types and a pointer to a pointer are unsupported, never guessed.
#include "lang/c/clang_lowering.h"

#include <functional>

namespace kprove::lang::clower {

ExprPtr CLowering::addOffset(ExprPtr offset, ExprPtr delta, bool subtract, SourceRange r) {
  if (!offset && !subtract)
    return delta;
  if (!offset)
    return typed(ir::makeUnary(ir::UnOp::Neg, delta, r), {});
  return typed(ir::makeBinary(subtract ? ir::BinOp::Sub : ir::BinOp::Add, offset, delta, r), {});
}

// The cell base[offset + index] (index null: 0), of element type `elem`.
ExprPtr CLowering::pointerCell(const PointerValue &p, ExprPtr index, clang::QualType elem,
                               SourceRange r) {
  ExprPtr at = index ? addOffset(p.offset, index, false, r) : p.offset;
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Index;
  e->range = r;
  e->args = {ir::makeVar(p.baseName, r), at ? at : ir::makeInt(0, r)};
  e->cint = cintOf(elem);
  return e;
}

// The pointer variable (or offset-passed parameter) `e` names, if any.
const CLowering::PointerVar *CLowering::pointerVar(const clang::Expr *e) const {
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  auto *vd = dr ? llvm::dyn_cast<clang::VarDecl>(dr->getDecl()) : nullptr;
  if (!vd)
    return nullptr;
  auto it = pointerVars_.find(vd);
  return it == pointerVars_.end() ? nullptr : &it->second;
}

std::optional<CLowering::PointerValue> CLowering::pointerValue(const clang::Expr *e,
                                                               std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  e = e->IgnoreParens();
  // NULL: the null array, whose cells no access may touch (vcgen: code null).
  if (e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull))
    return dynamicValue(nullRef(r), nullptr, e->getType()->getPointeeType(), r, pre);
  if (auto *ce = llvm::dyn_cast<clang::CastExpr>(e)) {
    switch (ce->getCastKind()) {
    case clang::CK_NullToPointer:
      return dynamicValue(nullRef(r), nullptr, e->getType()->getPointeeType(), r, pre);
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
    case clang::CK_ArrayToPointerDecay:
    // To OpenCL's generic address space: the array, hence its memory, is unchanged.
    case clang::CK_AddressSpaceConversion:
      return pointerValue(ce->getSubExpr(), pre);
    default:
      unsupported(r, castProblem(ce));
      return std::nullopt;
    }
  }
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    auto *vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
    std::string name = dr->getDecl()->getNameAsString();
    if (vd && badPointers_.count(vd))
      return std::nullopt; // reported at its declaration
    if (aggregateNames_.count(name) && isAggregate(e->getType()->getPointeeType())) {
      unsupported(r, "the struct or vector buffer '" + name +
                         "' as a pointer here (only p[i].f, p->f, whole elements and as an "
                         "argument)");
      return std::nullopt;
    }
    if (const PointerVar *pv = pointerVar(e)) {
      if (pv->dynamic)
        return PointerValue{nullptr, pv->baseName, typed(ir::makeVar(pv->offset, r), {})};
      if (!pv->base) {
        unsupported(r, "pointer '" + name + "' read before it is assigned");
        return std::nullopt;
      }
      return PointerValue{pv->base, pv->baseName, typed(ir::makeVar(pv->offset, r), {})};
    }
    if (vd && inMainFile(vd->getLocation()) &&
        ((llvm::isa<clang::ParmVarDecl>(vd) && vd->getType()->isPointerType()) ||
         vd->getType()->isArrayType()))
      return PointerValue{vd, name, nullptr};
    unsupported(r, "the pointer '" + name +
                       "' (only pointer parameters, arrays and local "
                       "pointer variables)");
    return std::nullopt;
  }
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e);
      bo && (bo->getOpcode() == clang::BO_Add || bo->getOpcode() == clang::BO_Sub) &&
      bo->getType()->isPointerType()) {
    const clang::Expr *ptr = bo->getLHS(), *delta = bo->getRHS();
    if (!ptr->getType()->isPointerType())
      std::swap(ptr, delta); // i + p
    auto pv = pointerValue(ptr, pre);
    ExprPtr d = convertTo(delta, Type::Int, pre);
    if (!pv || !d)
      return std::nullopt;
    pv->offset = addOffset(pv->offset, d, bo->getOpcode() == clang::BO_Sub, r);
    return pv;
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
      uo && uo->getOpcode() == clang::UO_AddrOf) {
    const clang::Expr *sub = uo->getSubExpr()->IgnoreParens();
    if (std::optional<PointerValue> cell; sharedAddress(sub, pre, cell))
      return cell; // &x, &a[i][j] (lower_arrays.cpp)
    if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(sub)) {
      auto pv = pointerValue(as->getBase(), pre);
      ExprPtr i = convertTo(as->getIdx(), Type::Int, pre);
      if (!pv || !i)
        return std::nullopt;
      pv->offset = addOffset(pv->offset, i, false, r);
      return pv;
    }
    if (auto *deref = llvm::dyn_cast<clang::UnaryOperator>(sub);
        deref && deref->getOpcode() == clang::UO_Deref)
      return pointerValue(deref->getSubExpr(), pre);
    unsupported(r, "the address of this expression (only &a[i] and &*p: no pointers to "
                   "scalar variables)");
    return std::nullopt;
  }
  if (isFieldPath(e))
    return fieldPointer(e, pre); // q.p of a by-value struct (lower_aggregate.cpp)
  if (llvm::isa<clang::ArraySubscriptExpr>(e))
    unsupported(r, "a multi-dimensional array or an array of pointers");
  else if (auto *call = llvm::dyn_cast<clang::CallExpr>(e))
    return pointerCallValue(call, pre);
  else if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return chosenPointer(co, pre); // lower_pointer_dynamic.cpp
  else
    unsupported(r, "this pointer expression");
  return std::nullopt;
}

// `T *p [= init];`: the offset variable p$off.
void CLowering::pointerDecl(const clang::VarDecl *vd, std::vector<StmtPtr> &out) {
  SourceRange r = range(vd);
  std::string name = vd->getNameAsString();
  clang::QualType pointee = vd->getType()->getPointeeType();
  if (pointee->isFunctionType()) {
    functionPointerDecl(vd, out); // lower_function_pointer.cpp
    return;
  }
  if (!(isIntLike(pointee) || isFloat(pointee) || pointee->isBooleanType())) {
    badPointers_.insert(vd);
    unsupported(r, "local pointer variable '" + name + "' to '" + pointee.getAsString() +
                       "' (only pointers to int-like and floating-point scalars)");
    return;
  }
  PointerVar pv;
  pv.offset = name + "$off";
  if (dynamicPointers_.count(vd)) {
    dynamicPointerDecl(vd, pv, out); // lower_pointer_dynamic.cpp
    return;
  }
  auto d = newStmt(StmtKind::VarDecl, r);
  d->name = pv.offset;
  d->nameRange = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
  d->declType = Type::Int;
  if (const clang::Expr *init = vd->getInit()) {
    if (refersTo(init, vd)) {
      badPointers_.insert(vd);
      unsupported(range(init), "'" + name + "' is read in its own initialiser");
      return;
    }
    std::vector<StmtPtr> pre;
    auto to = pointerValue(init, pre);
    if (!to || !setPointer(vd, pv, *to, range(init))) {
      badPointers_.insert(vd);
      return;
    }
    d->value = to->offset ? to->offset : ir::makeInt(0, r);
    out.insert(out.end(), pre.begin(), pre.end());
  }
  if (isFloat(pointee))
    floatNames_.insert(name);
  pointerVars_[vd] = pv;
  userNames_.back().pointer = vd; // localDecl pushed it
  out.push_back(d);
}

// Points `pv` (the variable vd) into to's array: the first assignment fixes the
// array, any later one must agree.
bool CLowering::setPointer(const clang::VarDecl *vd, PointerVar &pv, const PointerValue &to,
                           SourceRange r) {
  clang::QualType elem = vd->getType()->getPointeeType();
  clang::QualType baseType = to.base->getType();
  clang::QualType baseElem = baseType->isPointerType()
                                 ? baseType->getPointeeType()
                                 : clang::QualType(baseType->getPointeeOrArrayElementType(), 0);
  if (!ctx_.hasSameUnqualifiedType(elem, baseElem)) {
    unsupported(r, "pointer '" + vd->getNameAsString() + "' to '" + elem.getAsString() +
                       "' into '" + to.baseName + "' of '" + baseElem.getAsString() + "'");
    return false;
  }
  if (pv.base && (pv.base != to.base || pv.baseName != to.baseName)) {
    unsupported(r, "pointer '" + vd->getNameAsString() + "' assigned pointers into two arrays ('" +
                       pv.baseName + "' and '" + to.baseName +
                       "'); a pointer is modelled as an offset into one array known statically");
    return false;
  }
  pv.base = to.base;
  pv.baseName = to.baseName;
  return true;
}

// Whether the statement `e` is directly in the block that declares `vd` (or is the
// init of a for loop there).
bool CLowering::inDeclaringBlock(const clang::Expr *e, const clang::VarDecl *vd) const {
  auto parentOf = [&](const auto &node) -> const clang::Stmt * {
    auto parents = ctx_.getParents(node);
    return parents.size() == 1 ? parents[0].template get<clang::Stmt>() : nullptr;
  };
  const clang::Stmt *block = parentOf(*e);
  // A for loop's init runs once, unconditionally, where the loop is.
  if (auto *fs = llvm::dyn_cast_or_null<clang::ForStmt>(block); fs && fs->getInit() == e)
    block = parentOf(*fs);
  const clang::Stmt *declStmt = parentOf(*vd);
  return block && declStmt && llvm::isa<clang::CompoundStmt>(block) && parentOf(*declStmt) == block;
}

bool CLowering::mayDangle(const clang::BinaryOperator *assign, const clang::VarDecl *pointer) {
  auto parentOf = [&](const auto &node) -> const clang::Stmt * {
    auto parents = ctx_.getParents(node);
    return parents.size() == 1 ? parents[0].template get<clang::Stmt>() : nullptr;
  };
  // The statement whose end ends a local's lifetime: its block (or the for loop whose
  // init declares it); null for a parameter, which lives as long as the function.
  auto scopeOf = [&](const clang::VarDecl *vd) -> const clang::Stmt * {
    if (llvm::isa<clang::ParmVarDecl>(vd))
      return nullptr;
    const clang::Stmt *declStmt = parentOf(*vd);
    return declStmt ? parentOf(*declStmt) : nullptr;
  };
  // Whether the scope `s` contains (or is) the place where `pointer` is declared: then
  // the local lives at least as long as the pointer variable.
  auto encloses = [&](const clang::Stmt *s) {
    if (!s)
      return true;
    auto parents = ctx_.getParents(*s);
    if (parents.size() == 1 && parents[0].get<clang::FunctionDecl>())
      return true; // the function's body: lives until the function returns
    if (llvm::isa<clang::ParmVarDecl>(pointer))
      return false;
    for (const clang::Stmt *at = parentOf(*pointer); at; at = parentOf(*at))
      if (at == s)
        return true;
    return false;
  };
  for (const clang::VarDecl *target : localTargets(assign->getRHS())) {
    if (target == pointer || encloses(scopeOf(target)))
      continue;
    unsupported(range(assign),
                "pointer '" + pointer->getNameAsString() + "' may point to '" +
                    target->getNameAsString() +
                    "', whose block ends before the pointer's: using it there would be "
                    "undefined behaviour (declare '" +
                    target->getNameAsString() + "' where '" + pointer->getNameAsString() +
                    "' is declared)");
    badPointers_.insert(pointer);
    return true;
  }
  return false;
}

std::vector<const clang::VarDecl *> CLowering::localTargets(const clang::Expr *e) {
  std::vector<const clang::VarDecl *> targets;
  std::function<void(const clang::Stmt *, bool)> visit = [&](const clang::Stmt *st, bool addr) {
    if (!st)
      return;
    if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(st))
      if (auto *vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
          vd && vd->hasLocalStorage() &&
          ((!llvm::isa<clang::ParmVarDecl>(vd) && (addr || vd->getType()->isArrayType())) ||
           (vd->getType()->isPointerType() && mayHoldLocalAddress(vd))))
        targets.push_back(vd); // a pointer parameter too, once given a local's address
    auto *uo = llvm::dyn_cast<clang::UnaryOperator>(st);
    bool takesAddress = addr || (uo && uo->getOpcode() == clang::UO_AddrOf);
    for (const clang::Stmt *child : st->children())
      visit(child, takesAddress);
  };
  visit(e, false);
  return targets;
}

// Whether a local pointer variable is ever given (initialised with or assigned) a
// value naming a local's storage, directly or through another such pointer: the
// least fixpoint over the function's pointer variables (a swap `t = p; p = q; q = t;`
// of pointers to buffers holds none).
bool CLowering::mayHoldLocalAddress(const clang::VarDecl *pointer) {
  if (auto it = holdsLocalAddress_.find(pointer); it != holdsLocalAddress_.end())
    return it->second;
  auto *fd = llvm::dyn_cast<clang::FunctionDecl>(pointer->getDeclContext());
  // Every local pointer of the function with the values it is given.
  std::map<const clang::VarDecl *, std::vector<const clang::Expr *>> sources;
  forEachStmt(fd ? fd->getBody() : nullptr, [&](const clang::Stmt *s) {
    if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s))
      for (const clang::Decl *d : ds->decls())
        if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d); vd && vd->getType()->isPointerType()) {
          auto &list = sources[vd];
          if (vd->getInit())
            list.push_back(vd->getInit());
        }
    auto *bo = llvm::dyn_cast<clang::BinaryOperator>(s);
    auto *lhs = bo && bo->isAssignmentOp()
                    ? llvm::dyn_cast<clang::DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())
                    : nullptr;
    if (auto *vd = lhs ? llvm::dyn_cast<clang::VarDecl>(lhs->getDecl()) : nullptr)
      sources[vd].push_back(bo->getRHS());
  });
  for (const auto &[vd, list] : sources)
    holdsLocalAddress_.emplace(vd, false);
  holdsLocalAddress_.emplace(pointer, false);
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto &[vd, list] : sources) {
      if (holdsLocalAddress_[vd])
        continue;
      for (const clang::Expr *e : list)
        if (!localTargets(e).empty()) { // reads the current approximation
          holdsLocalAddress_[vd] = changed = true;
          break;
        }
    }
  }
  return holdsLocalAddress_[pointer];
}

// `p = e`, `p += k`, `p -= k`, `p++`, `p--` on a pointer variable: its offset
// updated. False when `e` is not an update of a pointer.
bool CLowering::pointerUpdate(const clang::Expr *e, std::vector<StmtPtr> &out) {
  SourceRange r = range(e);
  const clang::Expr *target = nullptr;
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e); bo && bo->isAssignmentOp())
    target = bo->getLHS();
  else if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e); uo && uo->isIncrementDecrementOp())
    target = uo->getSubExpr();
  if (!target || !target->getType()->isPointerType() || isFunctionPointer(target->getType()))
    return false; // a function pointer is an integer variable (lower_function_pointer.cpp)
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e); bo && storedPointerAssign(bo, out))
    return true; // q[i].p = v (lower_aggregate.cpp)
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParens());
  auto *vd = dr ? llvm::dyn_cast<clang::VarDecl>(dr->getDecl()) : nullptr;
  if (vd && badPointers_.count(vd))
    return true;
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e); vd && bo && mayDangle(bo, vd))
    return true;
  auto it = vd ? pointerVars_.find(vd) : pointerVars_.end();
  if (it == pointerVars_.end() || (llvm::isa<clang::ParmVarDecl>(vd) && !it->second.dynamic)) {
    unsupported(r, vd && llvm::isa<clang::ParmVarDecl>(vd)
                       ? "assignment to the pointer parameter '" + vd->getNameAsString() +
                             "' (copy it into a local pointer variable)"
                       : std::string("assignment to this pointer"));
    return true;
  }
  PointerVar &pv = it->second;
  ExprPtr off = ir::makeVar(pv.offset, range(target));
  std::vector<StmtPtr> pre;
  ExprPtr next;
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (!pv.base && !pv.dynamic) {
      unsupported(r, "pointer '" + vd->getNameAsString() + "' read before it is assigned");
      return true;
    }
    next = addOffset(off, ir::makeInt(1, r), uo->isDecrementOp(), r);
  } else {
    auto *bo = llvm::cast<clang::BinaryOperator>(e);
    if (bo->getOpcode() == clang::BO_Assign && pv.dynamic) {
      // Both the array and the offset (lower_pointer_dynamic.cpp).
      auto to = pointerValue(bo->getRHS(), pre);
      if (!to)
        return true;
      out.insert(out.end(), pre.begin(), pre.end());
      assign(ir::makeVar(pv.baseName, range(target)), ir::makeVar(to->baseName, r), r, out);
      assign(ir::makeVar(pv.offset, range(target)), to->offset ? to->offset : ir::makeInt(0, r), r,
             out);
      return true;
    } else if (bo->getOpcode() == clang::BO_Assign) {
      if (!pv.base && !inDeclaringBlock(e, vd)) {
        // Assigned on some paths only, p would be indeterminate on the others.
        unsupported(r, "the first assignment of pointer '" + vd->getNameAsString() +
                           "' inside a branch or loop (initialise it where it is declared)");
        badPointers_.insert(vd);
        return true;
      }
      auto to = pointerValue(bo->getRHS(), pre);
      if (!to || !setPointer(vd, pv, *to, range(bo->getRHS())))
        return true;
      next = to->offset ? to->offset : ir::makeInt(0, r);
    } else if (bo->getOpcode() == clang::BO_AddAssign || bo->getOpcode() == clang::BO_SubAssign) {
      if (!pv.base && !pv.dynamic) {
        unsupported(r, "pointer '" + vd->getNameAsString() + "' read before it is assigned");
        return true;
      }
      ExprPtr d = convertTo(bo->getRHS(), Type::Int, pre);
      if (!d)
        return true;
      next = addOffset(off, d, bo->getOpcode() == clang::BO_SubAssign, r);
    } else {
      unsupported(r, "this operator on a pointer");
      return true;
    }
  }
  out.insert(out.end(), pre.begin(), pre.end());
  assign(ir::makeVar(pv.offset, range(target)), next, r, out);
  return true;
}

// A comparison with a pointer operand: with NULL, the array's nullness (an offset
// pointer into a null array is undefined behaviour in C); between pointers into one
// array, their offsets; between two arrays, only == and != of the arrays themselves.
ExprPtr CLowering::pointerCompare(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre) {
  SourceRange r = range(bo);
  auto op = bo->getOpcode();
  static const std::map<clang::BinaryOperatorKind, ir::BinOp> cmp = {
      {clang::BO_LT, ir::BinOp::Lt}, {clang::BO_GT, ir::BinOp::Gt}, {clang::BO_LE, ir::BinOp::Le},
      {clang::BO_GE, ir::BinOp::Ge}, {clang::BO_EQ, ir::BinOp::Eq}, {clang::BO_NE, ir::BinOp::Ne}};
  auto isNull = [&](const clang::Expr *x) {
    return x->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull) !=
           clang::Expr::NPCK_NotNull;
  };
  bool equality = op == clang::BO_EQ || op == clang::BO_NE;
  const clang::Expr *lhs = bo->getLHS(), *rhs = bo->getRHS();
  if (isNull(lhs) || isNull(rhs)) {
    if (!equality || (isNull(lhs) && isNull(rhs))) {
      unsupported(r, "this comparison with NULL");
      return nullptr;
    }
    auto pv = pointerValue(isNull(lhs) ? rhs : lhs, pre);
    if (!pv)
      return nullptr;
    auto null = std::make_shared<ir::Expr>();
    null->kind = ExprKind::NullLit;
    null->range = range(isNull(lhs) ? lhs : rhs);
    ExprPtr base = ir::makeVar(pv->baseName, r);
    return isNull(lhs) ? ir::makeBinary(cmp.at(op), null, base, r)
                       : ir::makeBinary(cmp.at(op), base, null, r);
  }
  auto a = pointerValue(lhs, pre), b = pointerValue(rhs, pre);
  if (!a || !b)
    return nullptr;
  if (!a->base || !b->base)
    return dynamicCompare(bo, *a, *b, pre); // lower_pointer_dynamic.cpp
  if (a->base != b->base || a->baseName != b->baseName) {
    if (equality && !a->offset && !b->offset)
      return ir::makeBinary(cmp.at(op), ir::makeVar(a->baseName, range(lhs)),
                            ir::makeVar(b->baseName, range(rhs)), r);
    unsupported(r, "comparing pointers into different arrays ('" + a->baseName + "' and '" +
                       b->baseName + "')");
    return nullptr;
  }
  return ir::makeBinary(cmp.at(op), a->offset ? a->offset : ir::makeInt(0, r),
                        b->offset ? b->offset : ir::makeInt(0, r), r);
}

// `p - q` of pointers into one array: the difference of their offsets, a ptrdiff_t.
ExprPtr CLowering::pointerDifference(const clang::BinaryOperator *bo, std::vector<StmtPtr> &pre) {
  SourceRange r = range(bo);
  auto a = pointerValue(bo->getLHS(), pre), b = pointerValue(bo->getRHS(), pre);
  if (!a || !b)
    return nullptr;
  if (!a->base || !b->base) {
    unsupported(r, "the difference of pointers whose arrays are known only at run time");
    return nullptr;
  }
  if (a->base != b->base || a->baseName != b->baseName) {
    unsupported(r, "the difference of pointers into different arrays ('" + a->baseName + "' and '" +
                       b->baseName + "')");
    return nullptr;
  }
  ExprPtr d = typed(ir::makeBinary(ir::BinOp::Sub, a->offset ? a->offset : ir::makeInt(0, r),
                                   b->offset ? b->offset : ir::makeInt(0, r), r),
                    {});
  return convertInt(d, cintOf(bo->getType()), r);
}

// Why a conversion between pointers is not modelled: memory is a sequence of
// elements of one type per array, not of bytes.
std::string CLowering::castProblem(const clang::CastExpr *ce) const {
  clang::QualType from = ce->getSubExpr()->getType(), to = ce->getType();
  std::string what = "the pointer conversion " + std::string(ce->getCastKindName());
  if (ce->getCastKind() != clang::CK_BitCast || !from->isPointerType() || !to->isPointerType())
    return what + " (a pointer is modelled as an offset into one array of its element type)";
  clang::QualType a = from->getPointeeType(), b = to->getPointeeType();
  bool sameWidth = !a->isIncompleteType() && !b->isIncompleteType() &&
                   ctx_.getTypeSize(a) == ctx_.getTypeSize(b);
  return "the cast from '" + from.getAsString() + "' to '" + to.getAsString() +
         (sameWidth ? "' (memory is modelled per element, and a value read through a pointer "
                      "of another element type would be reinterpreted)"
                    : "' (memory is modelled per element, not per byte: elements of different "
                      "sizes)");
}

// --- helpers passed offset pointers ---

bool CLowering::takesOffset(const clang::FunctionDecl *fd, unsigned param) const {
  auto it = offsetParams_.find(fd->getCanonicalDecl());
  return it != offsetParams_.end() && it->second.count(param);
}

// An argument passing an array as it is: a pointer parameter that is not itself
// passed offsets, or an array.
bool CLowering::isPlainArrayArgument(const clang::Expr *a) const {
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(a->IgnoreParenImpCasts());
  auto *vd = dr ? llvm::dyn_cast<clang::VarDecl>(dr->getDecl()) : nullptr;
  if (!vd)
    return false;
  if (auto *pd = llvm::dyn_cast<clang::ParmVarDecl>(vd)) {
    if (isAssignedParam(pd))
      return false; // where it points now: its array and offset (lower_pointer_dynamic.cpp)
    auto *owner = llvm::dyn_cast<clang::FunctionDecl>(pd->getDeclContext());
    return !owner || !takesOffset(owner, pd->getFunctionScopeIndex());
  }
  return vd->getType()->isArrayType();
}

// Which helpers' pointer parameters some call passes an offset pointer: a fixed
// point, since a helper passing its own offset parameter on passes an offset.
void CLowering::findOffsetParams() {
  std::vector<const clang::FunctionDecl *> bodies;
  for (clang::Decl *d : fileDecls())
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d);
        fd && fd->doesThisDeclarationHaveABody() && inMainFile(fd->getLocation()))
      bodies.push_back(fd);
  for (bool changed = true; changed;) {
    changed = false;
    for (const clang::FunctionDecl *fd : bodies)
      forEachStmt(fd->getBody(), [&](const clang::Stmt *s) {
        auto *c = llvm::dyn_cast<clang::CallExpr>(s);
        const clang::FunctionDecl *callee = c ? c->getDirectCallee() : nullptr;
        if (!callee || isBuiltin(c) || isKernel(callee))
          return;
        for (unsigned i = 0; i < c->getNumArgs() && i < callee->getNumParams(); ++i)
          if (callee->getParamDecl(i)->getType()->isPointerType() &&
              !isFunctionPointer(callee->getParamDecl(i)->getType()) &&
              !isAggregate(callee->getParamDecl(i)->getType()->getPointeeType()) &&
              !isPlainArrayArgument(c->getArg(i)))
            changed |= offsetParams_[callee->getCanonicalDecl()].insert(i).second;
      });
  }
}

// --- annotations ---

// The pointer variable an annotation's name means (a quantifier's binder hides it).
const CLowering::PointerVar *CLowering::specPointer(const std::string &name, SourceRange r) {
  for (const ScopedName &b : specBinders_)
    if (b.name == name)
      return nullptr;
  for (auto it = userNames_.rbegin(); it != userNames_.rend(); ++it) {
    if (it->name != name)
      continue;
    if (!it->pointer)
      return nullptr;
    auto pv = pointerVars_.find(it->pointer);
    if (pv == pointerVars_.end())
      return nullptr;
    if (!pv->second.base && !pv->second.dynamic) {
      unsupported(r, "pointer '" + name + "' in an annotation before it is assigned");
      return nullptr;
    }
    return &pv->second;
  }
  return nullptr;
}

// An annotation's `p[i]` (also in Perm(&p[i], ..)) is base[p$off + i],
// `\pointer_length(p)` is \pointer_length(base) - p$off, `p == NULL` is
// `base == NULL`; any other mention of p is unsupported. True when `e` was a
// mention of a pointer variable, rewritten and typed (or reported): typeSpec does
// not visit it again (the base may be spelled like the pointer, a helper's own
// offset parameter).
bool CLowering::specPointerRewrite(ExprPtr &e) {
  auto pointerNamed = [&](const ExprPtr &x) -> const PointerVar * {
    return x && x->kind == ExprKind::Var ? specPointer(x->name, x->range) : nullptr;
  };
  // NULL is still a name here (resolveGpuBuiltins makes it a NullLit).
  auto isSpecNull = [&](const ExprPtr &x) {
    return x && (x->kind == ExprKind::NullLit ||
                 (x->kind == ExprKind::Var && x->name == "NULL" &&
                  std::none_of(userNames_.begin(), userNames_.end(),
                               [](const ScopedName &u) { return u.name == "NULL"; })));
  };
  SourceRange r = e->range;
  if (e->kind == ExprKind::Index && !e->args.empty()) {
    if (const PointerVar *pv = pointerNamed(e->args[0])) {
      e->cint = scopedIntType(e->args[0]->name, true);
      e->args[0] = ir::makeVar(pv->baseName, e->args[0]->range);
      typeSpec(e->args[1]);
      e->args[1] = addOffset(typed(ir::makeVar(pv->offset, r), {}), e->args[1], false, r);
      return true;
    }
    return false;
  }
  // Perm(p + i, f), PointsTo(p + i, f, v): the cell base[p$off + i].
  if ((e->kind == ExprKind::Perm || e->kind == ExprKind::PointsTo) && !e->args.empty() &&
      specIsPointer(e->args[0]) && specPointerMentioned(e->args[0])) {
    ir::IntType elem = scopedIntType(spineName(e->args[0]), true);
    if (auto at = specPointerOperand(e->args[0])) {
      auto cell = std::make_shared<ir::Expr>();
      cell->kind = ExprKind::Index;
      cell->range = e->args[0]->range;
      cell->cint = elem;
      cell->args = {ir::makeVar(at->first, cell->range), at->second};
      e->args[0] = cell;
    }
    for (size_t i = 1; i < e->args.size(); ++i)
      typeSpec(e->args[i]);
    return true;
  }
  if (e->kind == ExprKind::Call && e->name == "\\pointer_length" && e->args.size() == 1) {
    if (const PointerVar *pv = pointerNamed(e->args[0])) {
      e->args[0] = ir::makeVar(pv->baseName, e->args[0]->range);
      e = addOffset(e, typed(ir::makeVar(pv->offset, r), {}), true, r);
      return true;
    }
    return false;
  }
  if (e->kind == ExprKind::Binary && (e->binop == ir::BinOp::Eq || e->binop == ir::BinOp::Ne) &&
      e->args.size() == 2) {
    for (int side = 0; side < 2; ++side)
      if (isSpecNull(e->args[1 - side]))
        if (const PointerVar *pv = pointerNamed(e->args[side])) {
          e->args[side] = ir::makeVar(pv->baseName, e->args[side]->range);
          return true;
        }
  }
  // `p < q`, `p - q`, `p == a + i`: pointers into one array, their offsets.
  static const std::set<ir::BinOp> offsetOps = {ir::BinOp::Sub, ir::BinOp::Lt, ir::BinOp::Le,
                                                ir::BinOp::Gt,  ir::BinOp::Ge, ir::BinOp::Eq,
                                                ir::BinOp::Ne};
  if (e->kind == ExprKind::Binary && offsetOps.count(e->binop) && e->args.size() == 2 &&
      specIsPointer(e->args[0]) && specIsPointer(e->args[1]) &&
      (specPointerMentioned(e->args[0]) || specPointerMentioned(e->args[1]))) {
    auto a = specPointerOperand(e->args[0]), b = a ? specPointerOperand(e->args[1]) : std::nullopt;
    if (!a || !b || a->first != b->first) {
      unsupported(r, a && b ? "comparing pointers into different arrays ('" + a->first + "' and '" +
                                  b->first + "') in an annotation"
                            : std::string("this pointer expression in an annotation (only "
                                          "pointers into one array, p + i and p - i)"));
      return true;
    }
    e->args = {a->second, b->second};
    e->cint = {};
    return true;
  }
  if (e->kind == ExprKind::Var && pointerNamed(e)) {
    unsupported(r, "the pointer '" + e->name + "' in an annotation other than " + e->name +
                       "[i], &" + e->name + "[i], \\pointer_length(" + e->name +
                       ") and comparisons with NULL");
    return true;
  }
  return false;
}

// The name at the root of an annotation's pointer `p + i - j`.
std::string CLowering::spineName(const ExprPtr &e) {
  if (e->kind == ExprKind::Binary && !e->args.empty())
    return spineName(e->args[0]);
  return e->kind == ExprKind::Var ? e->name : std::string();
}

// Whether an annotation's expression is a pointer: an array or pointer name, p + i,
// p - i (not p - q, a difference).
bool CLowering::specIsPointer(const ExprPtr &e) {
  if (!e)
    return false;
  if (e->kind == ExprKind::Binary && e->binop == ir::BinOp::Add)
    return specIsPointer(e->args[0]);
  if (e->kind == ExprKind::Binary && e->binop == ir::BinOp::Sub)
    return specIsPointer(e->args[0]) && !specIsPointer(e->args[1]);
  if (e->kind != ExprKind::Var)
    return false;
  for (const ScopedName &b : specBinders_)
    if (b.name == e->name)
      return false;
  for (auto it = userNames_.rbegin(); it != userNames_.rend(); ++it)
    if (it->name == e->name)
      return it->array;
  return false;
}

// Whether an annotation's pointer `p`, `p + i`, `p - i` is a pointer variable's
// (then comparisons and differences with it are about offsets).
bool CLowering::specPointerMentioned(const ExprPtr &e) {
  if (!e)
    return false;
  if (e->kind == ExprKind::Binary && (e->binop == ir::BinOp::Add || e->binop == ir::BinOp::Sub))
    return specPointerMentioned(e->args[0]);
  return e->kind == ExprKind::Var && specPointer(e->name, e->range);
}

// An annotation's pointer `p`, `a`, `p + i` or `p - i`: (array, typed offset), or nullopt.
std::optional<std::pair<std::string, ExprPtr>> CLowering::specPointerOperand(ExprPtr e) {
  if (!e)
    return std::nullopt;
  SourceRange r = e->range;
  if (e->kind == ExprKind::Binary && (e->binop == ir::BinOp::Add || e->binop == ir::BinOp::Sub)) {
    auto p = specPointerOperand(e->args[0]);
    if (!p)
      return std::nullopt;
    typeSpec(e->args[1]);
    p->second = addOffset(p->second, e->args[1], e->binop == ir::BinOp::Sub, r);
    return p;
  }
  if (e->kind != ExprKind::Var)
    return std::nullopt;
  if (const PointerVar *pv = specPointer(e->name, r))
    return std::pair{pv->baseName, typed(ir::makeVar(pv->offset, r), {})};
  for (const ScopedName &b : specBinders_)
    if (b.name == e->name)
      return std::nullopt;
  for (auto it = userNames_.rbegin(); it != userNames_.rend(); ++it)
    if (it->name == e->name)
      return it->array && !it->pointer ? std::optional{std::pair{e->name, ir::makeInt(0, r)}}
                                       : std::nullopt;
  return std::nullopt;
}

} // namespace kprove::lang::clower
