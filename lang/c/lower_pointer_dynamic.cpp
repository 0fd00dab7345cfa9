// Pointers whose array is known only at run time, and scalars whose address is taken.
//   - A local pointer variable that is assigned pointers into two arrays, a null
//     pointer, a pointer chosen by ?: between arrays, that is first assigned inside a
//     branch or loop, or never assigned, is "dynamic": besides its offset `p$off` it
//     holds its array as a reference, the variable `p$arr` (an array variable of the
//     IR, like PVL's `int[] a`). `*p` is p$arr[p$off]: vcgen checks that p$arr is not
//     null, the offset in bounds and the permission for whichever array it is, so a
//     null dereference is an error (code null) and an access needs the permission of
//     every array p may point into. An uninitialised pointer's array is unknown (not
//     null): dereferencing it, or comparing it, proves nothing.
//   - A pointer parameter the function assigns (`p = q;`, `p++`) is a dynamic pointer
//     too, starting at the array (and offset) the caller passed: `p$arr` and `p$cur`
//     declared at the top of the body. Annotations name the parameter's own array.
//   - A null pointer, or `c ? a : b` between arrays, used directly, is a temporary
//     array variable holding null or the chosen array.
//   - A pointer a function returns is a temporary array variable and offset that the
//     call sets: inlining a function with a body assigns them from its `return`
//     (inline_helpers.cpp); a bodiless function's pointer is unknown.
//   - A scalar local of a kernel whose address is taken (`&x`) is a one-cell private
//     array (lower_arrays.cpp): `x` is x[0] and `&x` the pointer (x, 0), so a pointer
//     to it reads and writes the same cell the name does.
// Pointers with one array known statically stay offsets into it (lower_pointer.cpp):
// the decision is made per variable before the function is lowered, from every
// assignment to it.
#include "lang/c/clang_lowering.h"

#include <functional>

namespace kprove::lang::clower {

namespace {

const clang::VarDecl *declRefVar(const clang::Expr *e) {
  auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParens());
  return dr ? llvm::dyn_cast<clang::VarDecl>(dr->getDecl()) : nullptr;
}

bool isLocalPointer(const clang::VarDecl *vd) {
  return vd && !llvm::isa<clang::ParmVarDecl>(vd) && vd->hasLocalStorage() &&
         vd->getType()->isPointerType() && !vd->getType()->isFunctionPointerType();
}

} // namespace

// Whether the function declaring pointer parameter `pd` assigns it anywhere.
bool CLowering::isAssignedParam(const clang::ParmVarDecl *pd) const {
  auto cached = assignedParams_.find(pd);
  if (cached != assignedParams_.end())
    return cached->second;
  bool assigned = false;
  auto *fd = llvm::dyn_cast<clang::FunctionDecl>(pd->getDeclContext());
  forEachStmt(fd && pd->getType()->isPointerType() && !isFunctionPointer(pd->getType())
                  ? fd->getBody()
                  : nullptr,
              [&](const clang::Stmt *s) {
                const clang::Expr *target = nullptr;
                if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(s); bo && bo->isAssignmentOp())
                  target = bo->getLHS();
                else if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(s);
                         uo && uo->isIncrementDecrementOp())
                  target = uo->getSubExpr();
                assigned = assigned || (target && declRefVar(target) == pd);
              });
  assignedParams_[pd] = assigned;
  return assigned;
}

// The assigned pointer parameters of `fd`: dynamic pointers starting where the
// caller's argument points (its array, and its offset when passed one).
void CLowering::assignedParamDecls(const clang::FunctionDecl *fd, std::vector<StmtPtr> &out) {
  for (const clang::ParmVarDecl *pd : fd->parameters()) {
    if (!isAssignedParam(pd) || isAggregate(pd->getType()->getPointeeType()))
      continue;
    std::string name = pd->getNameAsString();
    clang::QualType pointee = pd->getType()->getPointeeType();
    SourceRange r = range(pd);
    if (!(isIntLike(pointee) || isFloat(pointee) || pointee->isBooleanType())) {
      badPointers_.insert(pd);
      unsupported(r, "assignment to the pointer parameter '" + name + "' to '" +
                         pointee.getAsString() +
                         "' (only pointers to int-like and floating-point scalars)");
      continue;
    }
    ExprPtr start = ir::makeInt(0, r);
    if (auto it = pointerVars_.find(pd); it != pointerVars_.end())
      start = typed(ir::makeVar(it->second.offset, r), {}); // a helper passed p$off
    PointerVar pv{nullptr, name + "$arr", name + "$cur", true};
    auto arr = newStmt(StmtKind::VarDecl, r);
    arr->name = pv.baseName;
    arr->nameRange = r;
    arr->declType = Type::IntArray;
    arr->value = ir::makeVar(name, r);
    auto off = newStmt(StmtKind::VarDecl, r);
    off->name = pv.offset;
    off->nameRange = r;
    off->declType = Type::Int;
    off->value = start;
    dynamicArrays_.insert(pv.baseName);
    if (isFloat(pointee))
      floatNames_.insert(pv.baseName);
    pointerVars_[pd] = pv;
    out.push_back(arr);
    out.push_back(off);
  }
}

// Which local pointers of `fd` are dynamic, and which scalars have their address taken.
void CLowering::classifyPointers(const clang::FunctionDecl *fd) {
  dynamicPointers_.clear();
  addressedScalars_.clear();
  // Every value assigned to each local pointer (its initialiser first), and the
  // first plain assignment of those declared without one.
  std::map<const clang::VarDecl *, std::vector<const clang::Expr *>> assigned;
  std::map<const clang::VarDecl *, const clang::BinaryOperator *> firstAssignment;
  forEachStmt(fd->getBody(), [&](const clang::Stmt *s) {
    if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
      for (const clang::Decl *d : ds->decls())
        if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d); isLocalPointer(vd)) {
          assigned[vd];
          if (vd->getInit())
            assigned[vd].insert(assigned[vd].begin(), vd->getInit());
        }
      return;
    }
    if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(s);
        bo && bo->getOpcode() == clang::BO_Assign) {
      const clang::VarDecl *vd = declRefVar(bo->getLHS());
      if (!isLocalPointer(vd))
        return;
      assigned[vd].push_back(bo->getRHS());
      auto &first = firstAssignment[vd];
      if (!first || csm_.isBeforeInTranslationUnit(bo->getBeginLoc(), first->getBeginLoc()))
        first = bo;
      return;
    }
    if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(s);
        uo && uo->getOpcode() == clang::UO_AddrOf)
      if (const clang::VarDecl *vd = declRefVar(uo->getSubExpr());
          vd && !llvm::isa<clang::ParmVarDecl>(vd) && vd->hasLocalStorage() &&
          !vd->getType()->isArrayType() && !vd->getType()->isPointerType() && !isSharedDecl(vd) &&
          !isAggregate(vd->getType()))
        addressedScalars_.insert(vd);
  });
  for (const clang::VarDecl *vd : addressedScalars_) {
    sharedScalars_.insert(vd->getNameAsString()); // an annotation's `x` is x[0]
    privateArrays_.insert(vd->getNameAsString()); // kept out of contracts
  }
  // The array a pointer value points into when it is one known statically (null:
  // known only at run time). Grows the dynamic set to a fixed point: a copy of a
  // dynamic pointer is dynamic.
  std::function<const clang::ValueDecl *(const clang::Expr *, int)> baseOf =
      [&](const clang::Expr *e, int depth) -> const clang::ValueDecl * {
    if (depth > 64)
      return nullptr;
    e = e->IgnoreParens();
    if (e->isNullPointerConstant(ctx_, clang::Expr::NPC_ValueDependentIsNotNull))
      return nullptr;
    if (auto *ce = llvm::dyn_cast<clang::CastExpr>(e))
      return baseOf(ce->getSubExpr(), depth + 1);
    if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e)) {
      if (bo->getOpcode() != clang::BO_Add && bo->getOpcode() != clang::BO_Sub)
        return nullptr;
      return baseOf(bo->getLHS()->getType()->isPointerType() ? bo->getLHS() : bo->getRHS(),
                    depth + 1);
    }
    if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      if (uo->getOpcode() == clang::UO_Deref)
        return baseOf(uo->getSubExpr(), depth + 1);
      if (uo->getOpcode() != clang::UO_AddrOf)
        return nullptr;
      const clang::Expr *sub = uo->getSubExpr()->IgnoreParens();
      while (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(sub))
        sub = as->getBase()->IgnoreParenImpCasts();
      if (auto *inner = llvm::dyn_cast<clang::UnaryOperator>(sub);
          inner && inner->getOpcode() == clang::UO_Deref)
        return baseOf(inner->getSubExpr(), depth + 1);
      return declRefVar(sub);
    }
    const clang::VarDecl *vd = declRefVar(e);
    if (auto *pd = llvm::dyn_cast_or_null<clang::ParmVarDecl>(vd); pd && isAssignedParam(pd))
      return nullptr; // a dynamic pointer itself
    if (!vd || !isLocalPointer(vd))
      return vd;
    auto it = assigned.find(vd);
    if (dynamicPointers_.count(vd) || it == assigned.end() || it->second.empty())
      return nullptr;
    return baseOf(it->second.front(), depth + 1);
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto &[vd, values] : assigned) {
      if (dynamicPointers_.count(vd))
        continue;
      bool dynamic = values.empty();
      const clang::ValueDecl *base = values.empty() ? nullptr : baseOf(values.front(), 0);
      for (const clang::Expr *v : values)
        dynamic |= !base || baseOf(v, 0) != base;
      // Declared without a value and first assigned on some paths only.
      if (!vd->getInit()) {
        auto first = firstAssignment.find(vd);
        dynamic |= first == firstAssignment.end() || !inDeclaringBlock(first->second, vd);
      }
      if (dynamic) {
        dynamicPointers_.insert(vd);
        grew = true;
      }
    }
  }
}

// `T x;` of a kernel, whose address the function takes: a one-cell private array.
void CLowering::addressedScalarDecl(const clang::VarDecl *vd, SourceRange r,
                                    std::vector<StmtPtr> &out) {
  std::string name = vd->getNameAsString();
  userNames_.back().array = true; // `x` in annotations is the cell x[0]
  if (!inKernel_ || !locals_) {
    helperAddressedScalar(vd, r, out);
    return;
  }
  if (!jumpScopes_.empty()) {
    unsupported(r, "taking the address of local scalar '" + name +
                       "' declared inside a loop or switch (declare it before the loop)");
    return;
  }
  arrayDecl(vd, r, /*shared=*/false, out); // lower_arrays.cpp
}

// `T x;` of a helper, whose address it takes: a fresh one-cell array, allocated
// where x is declared (each call, each iteration: a new object, as C's), of which
// the helper alone holds the permission.
void CLowering::helperAddressedScalar(const clang::VarDecl *vd, SourceRange r,
                                      std::vector<StmtPtr> &out) {
  std::string name = vd->getNameAsString();
  clang::QualType t = vd->getType();
  if (!(isIntLike(t) || isFloat(t) || t->isBooleanType())) {
    unsupported(r, "taking the address of local '" + name + "' of '" + t.getAsString() + "'");
    return;
  }
  if (vd->isStaticLocal() || vd->hasExternalStorage()) {
    unsupported(r, "static or extern local variable '" + name + "'");
    return;
  }
  std::vector<StmtPtr> init;
  if (vd->hasInit() && !privateInit(vd, t, 1, init)) // lower_arrays.cpp
    return;
  auto d = newStmt(StmtKind::VarDecl, r);
  d->name = name;
  d->nameRange = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
  d->declType = Type::IntArray;
  d->cint = cintOf(t);
  auto alloc = std::make_shared<ir::Expr>();
  alloc->kind = ExprKind::NewArray;
  alloc->range = r;
  alloc->args = {ir::makeInt(1, r)};
  d->value = alloc;
  out.push_back(d);
  if (isFloat(t))
    floatNames_.insert(name);
  sharedCells_.insert(vd); // `x` is x[0]
  out.insert(out.end(), init.begin(), init.end());
}

// A pointer whose array is the reference `ref` (null, or an array chosen at run
// time): the array held in a fresh temporary array variable.
CLowering::PointerValue CLowering::dynamicValue(ExprPtr ref, ExprPtr offset,
                                                clang::QualType pointee, SourceRange r,
                                                std::vector<StmtPtr> &pre) {
  auto d = newStmt(StmtKind::VarDecl, r);
  d->name = freshTemp();
  d->nameRange = r;
  d->declType = Type::IntArray;
  d->value = std::move(ref);
  pre.push_back(d);
  dynamicArrays_.insert(d->name);
  if (isFloat(pointee))
    floatNames_.insert(d->name);
  return PointerValue{nullptr, d->name, std::move(offset)};
}

// `f(args)` of a function returning a pointer: a temporary array variable and offset
// variable that the call sets. A function with a body is inlined at the call
// (inline_helpers.cpp), which assigns both from its return; the pointer a bodiless
// one returns is unknown (it may be NULL, or point anywhere: an access through it
// proves nothing).
std::optional<CLowering::PointerValue> CLowering::pointerCallValue(const clang::CallExpr *c,
                                                                   std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  const clang::FunctionDecl *callee = c->getDirectCallee();
  if (!callee || isBuiltin(c)) {
    unsupported(r, callee ? "the pointer the builtin '" + builtinName(c) + "' returns"
                          : std::string("a pointer returned through a function pointer"));
    return std::nullopt;
  }
  clang::QualType pointee = c->getType()->getPointeeType();
  if (!(isIntLike(pointee) || isFloat(pointee) || pointee->isBooleanType())) {
    unsupported(r, "a pointer to '" + pointee.getAsString() + "' that '" +
                       callee->getNameAsString() +
                       "' returns (only pointers to int-like and floating-point scalars)");
    return std::nullopt;
  }
  auto arr = newStmt(StmtKind::VarDecl, r);
  arr->name = freshTemp();
  arr->declType = Type::IntArray;
  auto off = newStmt(StmtKind::VarDecl, r);
  off->name = freshTemp();
  off->declType = Type::Int;
  pre.push_back(arr);
  pre.push_back(off);
  dynamicArrays_.insert(arr->name);
  if (isFloat(pointee))
    floatNames_.insert(arr->name);
  size_t at = pre.size();
  helperCall(c, callee, ir::makeVar(arr->name, r), pre);
  if (pre.size() == at || pre.back()->kind != StmtKind::Call)
    return std::nullopt; // reported
  pre.back()->pointerOffset = ir::makeVar(off->name, r);
  return PointerValue{nullptr, arr->name, ir::makeVar(off->name, r)};
}

ExprPtr CLowering::nullRef(SourceRange r) {
  auto null = std::make_shared<ir::Expr>();
  null->kind = ExprKind::NullLit;
  null->range = r;
  return null;
}

// `c ? p : q` between pointers: one array and the chosen offset, or the chosen array.
std::optional<CLowering::PointerValue>
CLowering::chosenPointer(const clang::ConditionalOperator *co, std::vector<StmtPtr> &pre) {
  SourceRange r = range(co);
  std::vector<StmtPtr> thenPre, elsePre;
  ExprPtr c = cond(co->getCond(), pre);
  auto a = pointerValue(co->getTrueExpr(), thenPre);
  auto b = pointerValue(co->getFalseExpr(), elsePre);
  if (!c || !a || !b)
    return std::nullopt;
  if (!thenPre.empty() || !elsePre.empty()) {
    // Their statements would run whichever side ?: chooses.
    unsupported(r, "a function call, null pointer or ?: inside a ?: between pointers");
    return std::nullopt;
  }
  auto choose = [&](ExprPtr x, ExprPtr y) {
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Ite;
    e->range = r;
    e->args = {c, std::move(x), std::move(y)};
    return e;
  };
  ExprPtr offset = a->offset || b->offset ? typed(choose(a->offset ? a->offset : ir::makeInt(0, r),
                                                         b->offset ? b->offset : ir::makeInt(0, r)),
                                                  {})
                                          : nullptr;
  if (a->base && a->base == b->base)
    return PointerValue{a->base, a->baseName, offset};
  return dynamicValue(choose(ir::makeVar(a->baseName, r), ir::makeVar(b->baseName, r)), offset,
                      co->getType()->getPointeeType(), r, pre);
}

// `T *p [= init];` of a dynamic pointer: the array variable p$arr and the offset p$off.
void CLowering::dynamicPointerDecl(const clang::VarDecl *vd, PointerVar pv,
                                   std::vector<StmtPtr> &out) {
  SourceRange r = range(vd);
  std::string name = vd->getNameAsString();
  SourceRange at = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
  pv.dynamic = true;
  pv.baseName = name + "$arr";
  auto arr = newStmt(StmtKind::VarDecl, r);
  arr->name = pv.baseName;
  arr->nameRange = at;
  arr->declType = Type::IntArray;
  auto off = newStmt(StmtKind::VarDecl, r);
  off->name = pv.offset;
  off->nameRange = at;
  off->declType = Type::Int;
  if (const clang::Expr *init = vd->getInit()) {
    std::vector<StmtPtr> pre;
    auto to = pointerValue(init, pre);
    if (!to) {
      badPointers_.insert(vd);
      return;
    }
    out.insert(out.end(), pre.begin(), pre.end());
    arr->value = ir::makeVar(to->baseName, range(init));
    off->value = to->offset ? to->offset : ir::makeInt(0, r);
  }
  // Without an initialiser both are unknown: an indeterminate pointer.
  dynamicArrays_.insert(pv.baseName);
  if (isFloat(vd->getType()->getPointeeType()))
    floatNames_.insert(pv.baseName);
  pointerVars_[vd] = pv;
  userNames_.back().pointer = vd;
  out.push_back(arr);
  out.push_back(off);
}

// `p == q`, `p != q` where one array is known only at run time. Into one array:
// the same offset. Into two arrays at their starts: false (distinct buffers start at
// distinct addresses; one buffer passed twice is one array). Into two arrays at other
// offsets the answer is unknown: the host may pass overlapping buffers (`d` and
// `d + 1`), so `a + 1 == b` can hold; the result is then an arbitrary boolean, as the
// static comparison of such pointers is rejected (pointerCompare).
ExprPtr CLowering::dynamicCompare(const clang::BinaryOperator *bo, const PointerValue &a,
                                  const PointerValue &b, std::vector<StmtPtr> &pre) {
  SourceRange r = range(bo);
  if (bo->getOpcode() != clang::BO_EQ && bo->getOpcode() != clang::BO_NE) {
    unsupported(r, "ordering pointers whose arrays are known only at run time (only == and !=)");
    return nullptr;
  }
  auto offsetOf = [&](const PointerValue &p) { return p.offset ? p.offset : ir::makeInt(0, r); };
  ExprPtr sameArray =
      ir::makeBinary(ir::BinOp::Eq, ir::makeVar(a.baseName, range(bo->getLHS())),
                     ir::makeVar(b.baseName, range(bo->getRHS())), r);
  ExprPtr sameOffset = ir::makeBinary(ir::BinOp::Eq, offsetOf(a), offsetOf(b), r);
  ExprPtr bothAtStart = ir::makeBinary(
      ir::BinOp::And, ir::makeBinary(ir::BinOp::Eq, offsetOf(a), ir::makeInt(0, r), r),
      ir::makeBinary(ir::BinOp::Eq, offsetOf(b), ir::makeInt(0, r), r), r);
  auto overlap = newStmt(StmtKind::VarDecl, r);
  overlap->name = freshTemp(); // no value: whether two buffers overlap there is unknown
  overlap->declType = Type::Bool;
  pre.push_back(overlap);
  auto ite = [&](ExprPtr c, ExprPtr x, ExprPtr y) {
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Ite;
    e->range = r;
    e->args = {std::move(c), std::move(x), std::move(y)};
    return e;
  };
  ExprPtr same = ite(sameArray, sameOffset,
                     ite(bothAtStart, ir::makeBool(false, r), ir::makeVar(overlap->name, r)));
  return bo->getOpcode() == clang::BO_EQ ? same : ir::makeUnary(ir::UnOp::Not, same, r);
}

} // namespace kprove::lang::clower
