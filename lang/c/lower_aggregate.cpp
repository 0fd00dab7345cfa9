// Structs and vectors (OpenCL's int2 ... double16, CUDA's int2 ... float4): an
// aggregate is a fixed tuple of scalars, its leaves. A variable `s` of one becomes
// one variable per leaf (`s.pos.x`, `s.w`), and a buffer of them (a pointer
// parameter, a __local / __shared__ array) one array per leaf (struct of arrays):
// `p[i].pos.x` is the cell `p.pos.x[i]`, `p->w` the cell `p.w[0]`. Different
// leaves are different bytes, so the leaf arrays of one buffer are never the same
// array; the host allocates them together, so they have one length and one
// nullness, which every function that takes the buffer requires.
//
// Vectors' own operations and calls returning aggregates are in lower_vector.cpp,
// the leaves of struct types (pointer and array fields) in struct_layout.cpp.
// Unions, bit-fields, pointers to aggregates other than buffer parameters, and
// functions with a body returning a struct are unsupported, named.
#include "lang/c/clang_lowering.h"

#include <llvm/ADT/SmallString.h>

namespace kprove::lang::clower {

bool CLowering::isAggregate(clang::QualType t) const {
  t = t.getCanonicalType();
  return t->isStructureOrClassType() || t->isUnionType() || t->isExtVectorType();
}

bool CLowering::isStructValue(const clang::Expr *e) const {
  return isAggregate(e->getType());
}

// Names `name` (a parameter, variable or array of aggregate type `t`) for
// annotations: its leaves are user names with their C types.
void CLowering::declareAggregate(const std::string &name, clang::QualType t, bool array) {
  aggregateNames_[name] = {t, array};
  if (auto fields = scalarFields(t, array ? PointerFields::Opaque : PointerFields::Arrays))
    for (const Field &f : *fields)
      userNames_.push_back({leafPath(name, f.name), f.cint, array || f.pointer,
                            array && f.type == Type::Bool}); // bool cells: 0 or 1
}

// --- parameters and declarations ---

bool CLowering::aggregateParams(const clang::ParmVarDecl *p, std::vector<ir::Param> &out,
                                std::vector<ir::MemorySpace> &spaces) {
  clang::QualType t = p->getType().getCanonicalType();
  bool buffer = t->isPointerType() && isAggregate(t->getPointeeType());
  clang::QualType agg = buffer ? t->getPointeeType() : t;
  if (!isAggregate(agg))
    return false;
  std::string name = p->getNameAsString();
  // A by-value struct's pointer fields are pointer parameters of their own (`q.p`):
  // the host passes each buffer as it passes a pointer argument.
  PointerFields pointers = buffer ? PointerFields::Opaque : PointerFields::Arrays;
  auto fields = scalarFields(agg, pointers);
  if (!fields) {
    unsupported(range(p), "parameter '" + name + "': " + aggregateProblem(agg, pointers));
    return true;
  }
  for (const Field &f : *fields) {
    out.push_back({buffer ? Type::IntArray : f.type, leafPath(name, f.name), range(p), f.cint});
    if (f.floating)
      floatNames_.insert(out.back().name);
    spaces.push_back(buffer ? spaceOf(t->getPointeeType()) : ir::MemorySpace::Global);
  }
  if (buffer)
    for (size_t i = 1; i < fields->size(); ++i)
      aggregateRequires_.push_back(sameBuffer(leafPath(name, (*fields)[0].name),
                                              leafPath(name, (*fields)[i].name), range(p)));
  return true;
}

// `a` and `b` are leaf arrays of one buffer: both null or neither, one length (a
// context: postconditions are checked framed by themselves, and these never change).
ir::Clause CLowering::sameBuffer(const std::string &a, const std::string &b, SourceRange r) {
  auto null = [&]() {
    auto n = std::make_shared<ir::Expr>();
    n->kind = ExprKind::NullLit;
    n->range = r;
    return n;
  };
  auto length = [&](const std::string &x) {
    auto l = std::make_shared<ir::Expr>();
    l->kind = ExprKind::Length;
    l->range = r;
    l->args = {ir::makeVar(x, r)};
    return l;
  };
  ExprPtr nullA = ir::makeBinary(ir::BinOp::Eq, ir::makeVar(a, r), null(), r);
  ExprPtr nullB = ir::makeBinary(ir::BinOp::Eq, ir::makeVar(b, r), null(), r);
  ExprPtr both = ir::makeBinary(ir::BinOp::Eq, nullA, nullB, r);
  ExprPtr lengths = ir::makeBinary(ir::BinOp::Eq, length(a), length(b), r);
  return ir::Clause{
      ir::ClauseKind::Context,
      ir::makeBinary(
          ir::BinOp::And, both,
          ir::makeBinary(ir::BinOp::Implies, ir::makeUnary(ir::UnOp::Not, nullA, r), lengths, r),
          r),
      r, /*generated=*/true};
}

void CLowering::addAggregateRequires(std::vector<ir::Clause> &contract) {
  contract.insert(contract.begin(), aggregateRequires_.begin(), aggregateRequires_.end());
  aggregateRequires_.clear();
}

// `__local struct S s[N];`: one local array per leaf.
void CLowering::aggregateLocalArray(const clang::VarDecl *vd, clang::QualType elem,
                                    ExprPtr length) {
  SourceRange r = range(vd);
  std::string name = vd->getNameAsString();
  auto fields = scalarFields(elem, PointerFields::Opaque);
  if (!fields) {
    unsupported(r, "array '" + name + "': " + aggregateProblem(elem, PointerFields::Opaque));
    return;
  }
  for (const Field &f : *fields) {
    ir::KernelArray a;
    a.space = ir::MemorySpace::Local;
    a.name = leafPath(name, f.name);
    a.range = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
    a.length = length;
    a.cint = f.cint;
    for (const ir::KernelArray &o : *locals_)
      if (o.name == a.name) {
        unsupported(r, "two local arrays named '" + name + "'");
        return;
      }
    if (f.floating)
      floatNames_.insert(a.name);
    locals_->push_back(a);
  }
  declareAggregate(name, elem, true);
}

void CLowering::structDecl(const clang::VarDecl *vd, const std::vector<Field> &fields,
                           std::vector<StmtPtr> &out) {
  SourceRange r = range(vd);
  std::string name = vd->getNameAsString();
  std::vector<ExprPtr> values(fields.size());
  const clang::Expr *init = vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr;
  std::vector<StmtPtr> pre;
  auto *construct = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(init);
  if (init && !(construct && construct->getNumArgs() == 0)) {
    if (refersTo(init, vd)) {
      unsupported(range(init), "'" + name + "' is read in its own initialiser");
      return;
    }
    auto parts = aggregateParts(vd->getInit(), pre);
    if (!parts)
      return;
    values = *parts;
  }
  declareAggregate(name, vd->getType(), false);
  out.insert(out.end(), pre.begin(), pre.end());
  for (size_t i = 0; i < fields.size(); ++i) {
    auto s = newStmt(StmtKind::VarDecl, r);
    s->name = leafPath(name, fields[i].name);
    if (fields[i].floating)
      floatNames_.insert(s->name);
    s->nameRange = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
    s->declType = fields[i].type;
    s->cint = fields[i].cint;
    s->value = leafValue(values[i], fields[i], r);
    out.push_back(s);
  }
}

// --- places and values ---

// The buffer `e` (a pointer to aggregates) points into: its name, and the index of
// the element it points to (null: 0).
std::optional<std::pair<std::string, ExprPtr>>
CLowering::aggregateBuffer(const clang::Expr *e, std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  e = e->IgnoreParenImpCasts();
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    std::string name = dr->getDecl()->getNameAsString();
    auto it = aggregateNames_.find(name);
    if (it != aggregateNames_.end() && it->second.second &&
        inMainFile(dr->getDecl()->getLocation()))
      return std::pair{name, ExprPtr{}};
  }
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e);
      bo && (bo->getOpcode() == clang::BO_Add || bo->getOpcode() == clang::BO_Sub)) {
    const clang::Expr *ptr = bo->getLHS(), *delta = bo->getRHS();
    if (!ptr->getType()->isPointerType())
      std::swap(ptr, delta);
    auto b = aggregateBuffer(ptr, pre);
    ExprPtr d = b ? convertTo(delta, Type::Int, pre) : nullptr;
    if (!d)
      return std::nullopt;
    b->second = addOffset(b->second, d, bo->getOpcode() == clang::BO_Sub, r);
    return b;
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e); uo && uo->getOpcode() == clang::UO_AddrOf)
    if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(uo->getSubExpr()->IgnoreParens())) {
      auto b = aggregateBuffer(as->getBase(), pre);
      ExprPtr i = b ? convertTo(as->getIdx(), Type::Int, pre) : nullptr;
      if (!i)
        return std::nullopt;
      b->second = addOffset(b->second, i, false, r);
      return b;
    }
  // An array (a file-scope `__constant int3 c[2]`) has no pointee type: name its
  // element type, never Clang's "NULL TYPE".
  clang::QualType t = e->getType();
  clang::QualType elem = t->isPointerType() ? t->getPointeeType()
                         : t->isArrayType() ? clang::QualType(t->getPointeeOrArrayElementType(), 0)
                                            : t;
  unsupported(r, "this pointer to '" + elem.getAsString() +
                     "' (only a buffer parameter or a __local array of structs or vectors, "
                     "indexed: p[i].f, p->f, (p + i)->f)");
  return std::nullopt;
}

// The place an aggregate-typed (or leaf-typed) lvalue denotes.
std::optional<CLowering::Place> CLowering::place(const clang::Expr *e, std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  e = e->IgnoreParens();
  if (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e);
      ic && (ic->getCastKind() == clang::CK_NoOp || ic->getCastKind() == clang::CK_LValueToRValue))
    return place(ic->getSubExpr(), pre);
  // C++: a derived object as its base: the base's leaves keep their names (`q.p`).
  if (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(e);
      ic && (ic->getCastKind() == clang::CK_UncheckedDerivedToBase ||
             ic->getCastKind() == clang::CK_DerivedToBase)) {
    auto p = place(ic->getSubExpr(), pre);
    if (p)
      p->type = e->getType();
    return p;
  }
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    std::string name = dr->getDecl()->getNameAsString();
    if (!inMainFile(dr->getDecl()->getLocation())) {
      unsupported(r,
                  "the builtin '" + name + "' as a whole (name its fields: " + name + ".x, ...)");
      return std::nullopt;
    }
    auto it = aggregateNames_.find(name);
    if (it == aggregateNames_.end() || it->second.second) {
      unsupported(r, "'" + name +
                         "' here (a struct or vector variable is used by its value, "
                         "a buffer by its elements)");
      return std::nullopt;
    }
    return Place{name, nullptr, e->getType()};
  }
  if (auto *me = llvm::dyn_cast<clang::MemberExpr>(e)) {
    std::optional<Place> p;
    if (me->isArrow()) {
      auto b = aggregateBuffer(me->getBase(), pre);
      if (b)
        p = Place{b->first, b->second ? b->second : ir::makeInt(0, r), {}};
    } else {
      p = place(me->getBase(), pre);
    }
    if (!p)
      return std::nullopt;
    p->name = leafPath(p->name, me->getMemberDecl()->getNameAsString());
    p->type = me->getType();
    return p;
  }
  if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e);
      as && isFieldPath(as->getBase()->IgnoreParenImpCasts())) {
    // A cell of an array field: one leaf per cell, so a constant index.
    const clang::Expr *arr = as->getBase()->IgnoreParenImpCasts();
    const auto *at = ctx_.getAsConstantArrayType(arr->getType());
    std::optional<llvm::APSInt> k = as->getIdx()->getIntegerConstantExpr(ctx_);
    if (!at) {
      unsupported(r, "indexing this field (only arrays and pointers to scalars)");
      return std::nullopt;
    }
    if (!k || k->isNegative() ||
        k->getExtValue() >= static_cast<int64_t>(at->getSize().getZExtValue())) {
      unsupported(range(as->getIdx()),
                  k ? std::string("an index outside the array field")
                    : std::string("a variable index into an array field (its cells are "
                                  "separate values: index it with a constant)"));
      return std::nullopt;
    }
    auto p = place(arr, pre);
    if (!p)
      return std::nullopt;
    p->name += "[" + std::to_string(k->getExtValue()) + "]";
    p->type = e->getType();
    return p;
  }
  if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e);
      as && llvm::isa<clang::ArraySubscriptExpr>(as->getBase()->IgnoreParenImpCasts())) {
    // L[i][j]... of a multi-dimensional __local array of structs: its flat cell.
    const clang::DeclRefExpr *dr = nullptr;
    ExprPtr at = flatIndex(as, pre, dr);
    if (!at)
      return std::nullopt;
    std::string name = dr->getDecl()->getNameAsString();
    auto it = aggregateNames_.find(name);
    if (it == aggregateNames_.end() || !it->second.second) {
      unsupported(r, "this array access");
      return std::nullopt;
    }
    return Place{name, at, e->getType()};
  }
  if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    auto b = aggregateBuffer(as->getBase(), pre);
    ExprPtr i = b ? convertTo(as->getIdx(), Type::Int, pre) : nullptr;
    if (!i)
      return std::nullopt;
    return Place{b->first, addOffset(b->second, i, false, r), e->getType()};
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
      uo && uo->getOpcode() == clang::UO_Deref) {
    auto b = aggregateBuffer(uo->getSubExpr(), pre);
    if (!b)
      return std::nullopt;
    return Place{b->first, b->second ? b->second : ir::makeInt(0, r), e->getType()};
  }
  if (auto *ve = llvm::dyn_cast<clang::ExtVectorElementExpr>(e); ve && ve->getNumElements() == 1) {
    if (ve->isArrow()) {
      unsupported(r, "'->' on a vector");
      return std::nullopt;
    }
    auto p = place(ve->getBase(), pre);
    if (!p)
      return std::nullopt;
    llvm::SmallVector<uint32_t, 4> idx;
    ve->getEncodedElementAccess(idx);
    unsigned n = ve->getBase()->getType()->getAs<clang::ExtVectorType>()->getNumElements();
    p->name = leafPath(p->name, componentName(idx[0], n));
    p->type = e->getType();
    return p;
  }
  unsupported(r, "this struct or vector expression (only variables, parameters, p[i], p->f, "
                 "fields and components)");
  return std::nullopt;
}

// The place's leaf `f`: a variable, or a cell of the leaf's array.
ExprPtr CLowering::leafOf(const Place &p, const Field &f, SourceRange r) {
  std::string name = leafPath(p.name, f.name);
  if (!p.index)
    return typed(ir::makeVar(name, r), f.cint);
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Index;
  e->range = r;
  e->args = {ir::makeVar(name, r), p.index};
  e->cint = f.cint;
  return e;
}

std::optional<std::vector<ExprPtr>> CLowering::placeParts(const Place &p, SourceRange r) {
  clang::QualType t = p.type.getCanonicalType();
  if (t->isPointerType() || t->isArrayType()) {
    unsupported(r, std::string(t->isPointerType() ? "the pointer field" : "the array field") +
                       " '" + p.name + "' as a value here (index it)");
    return std::nullopt;
  }
  std::vector<Field> fields;
  std::string why;
  if (!leavesOf(p.type, "", fields, why, p.index ? PointerFields::Opaque : PointerFields::Arrays)) {
    unsupported(r, why);
    return std::nullopt;
  }
  std::vector<ExprPtr> out;
  for (const Field &f : fields)
    out.push_back(leafOf(p, f, r));
  return out;
}

// A field, a component or an element's field as a scalar: `s.x`, `p[i].pos.x`, `p->w`.
ExprPtr CLowering::member(const clang::MemberExpr *me) {
  std::vector<StmtPtr> pre;
  ExprPtr v = aggregateLeaf(me, pre);
  if (v && !pre.empty()) {
    unsupported(range(me), "a function call in the index of a struct buffer");
    return nullptr;
  }
  return v;
}

ExprPtr CLowering::aggregateLeaf(const clang::Expr *e, std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  auto p = place(e, pre);
  if (!p)
    return nullptr;
  auto parts = placeParts(*p, r);
  if (!parts)
    return nullptr;
  if (parts->size() != 1) {
    unsupported(r, "a struct or vector used as a scalar");
    return nullptr;
  }
  return parts->front();
}

ExprPtr CLowering::zeroOf(const Field &f, SourceRange r) {
  if (f.type == Type::Bool)
    return ir::makeBool(false, r);
  if (!f.floating)
    return typed(ir::makeInt(0, r), f.cint);
  // The constant 0 of the leaf's floating type (+0.0).
  return floatLiteral(llvm::APFloat::getZero(ctx_.getFloatTypeSemantics(f.ctype)), r);
}

// The leaf values of an aggregate-typed expression, in leaf order.
std::optional<std::vector<ExprPtr>> CLowering::aggregateParts(const clang::Expr *e,
                                                              std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  e = e->IgnoreParens();
  if (auto *cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(e))
    return aggregateParts(cleanups->getSubExpr(), pre);
  std::vector<Field> fields;
  std::string why;
  if (!leavesOf(e->getType(), "", fields, why, PointerFields::Arrays)) {
    unsupported(r, why);
    return std::nullopt;
  }
  // A struct holding pointers (a by-value parameter's) is copied whole, as an argument;
  // it is never built, chosen or assigned (a pointer variable's array must be fixed).
  bool holdsPointers =
      std::any_of(fields.begin(), fields.end(), [](const Field &f) { return f.pointer; });
  if (holdsPointers && (llvm::isa<clang::InitListExpr, clang::ImplicitValueInitExpr,
                                  clang::ConditionalOperator, clang::CallExpr>(e))) {
    unsupported(r, "this value of a struct holding pointers (only a by-value parameter, passed "
                   "on whole or by its fields)");
    return std::nullopt;
  }
  auto scalarTo = [&](const clang::Expr *x, const Field &f) -> ExprPtr {
    ExprPtr v = convertTo(x, f.type, pre);
    return f.floating ? v : convertInt(v, f.cint, r);
  };
  if (auto *ce = llvm::dyn_cast<clang::CastExpr>(e)) {
    switch (ce->getCastKind()) {
    case clang::CK_NoOp:
    case clang::CK_LValueToRValue:
      return aggregateParts(ce->getSubExpr(), pre);
    case clang::CK_DerivedToBase:
    case clang::CK_UncheckedDerivedToBase: {
      auto p = place(e, pre); // the base's leaves of the derived object
      if (!p)
        return std::nullopt;
      return placeParts(*p, r);
    }
    case clang::CK_VectorSplat: {
      ExprPtr v = scalarTo(ce->getSubExpr(), fields[0]);
      if (!v)
        return std::nullopt;
      return std::vector<ExprPtr>(fields.size(), v);
    }
    default:
      unsupported(r, std::string("the conversion ") + ce->getCastKindName() +
                         " of a struct or vector (convert_T and as_T are not modelled)");
      return std::nullopt;
    }
  }
  if (auto *cl = llvm::dyn_cast<clang::CompoundLiteralExpr>(e))
    return aggregateParts(cl->getInitializer(), pre);
  // C++ (CUDA): a copy of a temporary or of a variable, by the implicit constructor.
  if (auto *mt = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e))
    return aggregateParts(mt->getSubExpr(), pre);
  if (auto *bt = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e))
    return aggregateParts(bt->getSubExpr(), pre);
  if (auto *cc = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
    if (cc->getNumArgs() == 1 && cc->getConstructor()->isImplicit() &&
        cc->getConstructor()->isTrivial())
      return aggregateParts(cc->getArg(0), pre);
    if (cc->getNumArgs() == 0 && cc->getConstructor()->isTrivial()) {
      unsupported(r, "an uninitialised struct value here");
      return std::nullopt;
    }
    unsupported(r, "a constructor call");
    return std::nullopt;
  }
  if (llvm::isa<clang::ImplicitValueInitExpr>(e)) {
    std::vector<ExprPtr> out;
    for (const Field &f : fields)
      out.push_back(zeroOf(f, r));
    return out;
  }
  if (auto *il = llvm::dyn_cast<clang::InitListExpr>(e)) {
    // Clang's semantic form: one initialiser per field (or a vector's components,
    // several at once from a smaller vector), converted to its type.
    // A field left out is an ImplicitValueInitExpr (zero); an array field's
    // initialiser is a list of its cells (one leaf each), its missing cells Clang's
    // array filler.
    std::vector<ExprPtr> out;
    std::function<bool(const clang::Expr *)> add = [&](const clang::Expr *x) -> bool {
      x = x->IgnoreParens();
      if (llvm::isa<clang::ImplicitValueInitExpr>(x)) {
        std::vector<Field> zeros;
        std::string whyNot;
        if (!leavesOf(x->getType(), "", zeros, whyNot, PointerFields::Arrays)) {
          unsupported(r, whyNot);
          return false;
        }
        for (size_t k = 0; k < zeros.size() && out.size() < fields.size(); ++k)
          out.push_back(zeroOf(fields[out.size()], r));
        return true;
      }
      if (const clang::ConstantArrayType *at = ctx_.getAsConstantArrayType(x->getType())) {
        auto *cells = llvm::dyn_cast<clang::InitListExpr>(x);
        if (!cells) {
          unsupported(range(x), "this initialiser of an array field");
          return false;
        }
        uint64_t n = at->getSize().getZExtValue();
        for (uint64_t k = 0; k < n && out.size() < fields.size(); ++k) {
          const clang::Expr *cell = k < cells->getNumInits() ? cells->getInit(static_cast<unsigned>(k))
                                                             : cells->getArrayFiller();
          if (!cell) {
            unsupported(range(x), "this initialiser of an array field");
            return false;
          }
          if (!add(cell))
            return false;
        }
        return true;
      }
      if (isAggregate(x->getType())) {
        auto sub = aggregateParts(x, pre);
        if (!sub)
          return false;
        out.insert(out.end(), sub->begin(), sub->end());
        return true;
      }
      ExprPtr v = scalarTo(x, fields[out.size()]);
      if (!v)
        return false;
      out.push_back(v);
      return true;
    };
    for (unsigned i = 0; i < il->getNumInits() && out.size() < fields.size(); ++i)
      if (!add(il->getInit(i)))
        return std::nullopt;
    while (out.size() < fields.size())
      out.push_back(zeroOf(fields[out.size()], r));
    out.resize(fields.size());
    return out;
  }
  if (auto *ve = llvm::dyn_cast<clang::ExtVectorElementExpr>(e)) {
    // A swizzle: the components of the base it selects.
    auto base = aggregateParts(ve->getBase(), pre);
    if (!base)
      return std::nullopt;
    llvm::SmallVector<uint32_t, 16> idx;
    ve->getEncodedElementAccess(idx);
    std::vector<ExprPtr> out;
    for (uint32_t i : idx) {
      if (i >= base->size()) {
        // `.hi` and `.odd` of a 3-component vector name a fourth component, w,
        // which OpenCL C (6.1.7) leaves undefined.
        unsupported(r, "the component '" + ve->getAccessor().getName().str() +
                           "' of a 3-component vector (it includes the fourth "
                           "component w, which OpenCL leaves undefined)");
        return std::nullopt;
      }
      out.push_back((*base)[i]);
    }
    return out;
  }
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (bo->getOpcode() == clang::BO_Comma || bo->isAssignmentOp()) {
      unsupported(r, "an assignment or comma inside a struct or vector expression");
      return std::nullopt;
    }
    auto a = aggregateParts(bo->getLHS(), pre);
    auto b = a ? aggregateParts(bo->getRHS(), pre) : std::nullopt;
    if (!b)
      return std::nullopt;
    return vectorBinary(bo->getOpcode(), *a, *b, bo->getLHS()->getType(), fields, r);
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
      uo && (uo->getOpcode() == clang::UO_Minus || uo->getOpcode() == clang::UO_Plus)) {
    auto a = aggregateParts(uo->getSubExpr(), pre);
    if (!a || uo->getOpcode() == clang::UO_Plus)
      return a;
    for (size_t i = 0; i < a->size(); ++i)
      (*a)[i] = fields[i].floating
                    ? floatCall(typedName("$fneg", {fields[i].ctype}), {(*a)[i]}, r)
                    : typed(ir::makeUnary(ir::UnOp::Neg, (*a)[i], r), fields[i].cint);
    return a;
  }
  if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e)) {
    if (isAggregate(co->getCond()->getType())) {
      unsupported(r, "?: with a vector condition (select)");
      return std::nullopt;
    }
    ExprPtr c = cond(co->getCond(), pre);
    std::vector<StmtPtr> preA, preB;
    auto a = aggregateParts(co->getTrueExpr(), preA);
    auto b = aggregateParts(co->getFalseExpr(), preB);
    if (!c || !a || !b)
      return std::nullopt;
    if (!preA.empty() || !preB.empty()) {
      unsupported(r, "a function call in a branch of ?:");
      return std::nullopt;
    }
    std::vector<ExprPtr> out;
    for (size_t i = 0; i < a->size(); ++i) {
      auto ite = std::make_shared<ir::Expr>();
      ite->kind = ExprKind::Ite;
      ite->range = r;
      ite->args = {c, (*a)[i], (*b)[i]};
      ite->cint = fields[i].cint;
      out.push_back(ite);
    }
    return out;
  }
  if (auto *c = llvm::dyn_cast<clang::CallExpr>(e))
    return aggregateCall(c, fields, pre);
  if (auto *at = llvm::dyn_cast<clang::AsTypeExpr>(e))
    return asTypeParts(at, pre); // lower_vector.cpp
  auto p = place(e, pre);
  if (!p)
    return std::nullopt;
  return placeParts(*p, r);
}

// `a = b`, `a op= b` on structs or vectors: leaf by leaf (all of b's leaves are
// read before any of a's is written, as C copies a value).
void CLowering::aggregateAssign(const clang::BinaryOperator *bo, std::vector<StmtPtr> &out) {
  clang::BinaryOperatorKind op = bo->getOpcode();
  if (llvm::isa<clang::CompoundAssignOperator>(bo))
    op = clang::BinaryOperator::getOpForCompoundAssignment(op);
  aggregateAssign(bo->getLHS(), bo->getRHS(), op, range(bo), out);
}

void CLowering::aggregateAssign(const clang::Expr *lhs, const clang::Expr *rhs,
                                clang::BinaryOperatorKind op, SourceRange r,
                                std::vector<StmtPtr> &out) {
  std::vector<StmtPtr> pre;
  auto to = aggregateParts(lhs, pre);
  if (!to)
    return;
  std::vector<Field> fields;
  std::string why;
  leavesOf(lhs->getType(), "", fields, why, PointerFields::Arrays);
  if (std::any_of(fields.begin(), fields.end(), [](const Field &f) { return f.pointer; })) {
    unsupported(r, "assignment of a struct holding pointers (a pointer parameter's array is "
                   "fixed)");
    return;
  }
  for (const ExprPtr &t : *to)
    if (t->kind != ExprKind::Var && t->kind != ExprKind::Index) {
      unsupported(range(lhs), "assignment to this struct or vector expression");
      return;
    }
  auto from = aggregateParts(rhs, pre);
  if (!from)
    return;
  if (op != clang::BO_Assign) {
    from = vectorBinary(op, *to, *from, lhs->getType(), fields, r);
    if (!from)
      return;
  }
  out.insert(out.end(), pre.begin(), pre.end());
  // Through temporaries: `v = v.yx` swaps.
  std::vector<ExprPtr> temps;
  for (size_t i = 0; i < from->size(); ++i) {
    auto d = newStmt(StmtKind::VarDecl, r);
    d->name = freshTemp();
    d->declType = fields[i].type;
    d->cint = fields[i].cint;
    d->value = leafValue((*from)[i], fields[i], r);
    if (fields[i].floating)
      floatNames_.insert(d->name);
    out.push_back(d);
    temps.push_back(typed(ir::makeVar(d->name, r), fields[i].cint));
  }
  for (size_t i = 0; i < to->size(); ++i)
    assign((*to)[i], leafStore((*to)[i], temps[i], fields[i], r), r, out);
}

// A bool leaf is a bool variable in a by-value struct and an int cell holding 0 or 1
// in a buffer (memory is int cells, §11.2): read from a cell as `cell != 0`, stored
// into one as `v ? 1 : 0`.
ExprPtr CLowering::leafValue(ExprPtr v, const Field &f, SourceRange r) {
  if (f.type != Type::Bool || !v || v->kind != ExprKind::Index)
    return v;
  return ir::makeBinary(ir::BinOp::Ne, v, ir::makeInt(0, r), r);
}
ExprPtr CLowering::leafStore(const ExprPtr &target, ExprPtr v, const Field &f, SourceRange r) {
  if (f.type != Type::Bool || !target || target->kind != ExprKind::Index)
    return v;
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Ite;
  e->range = r;
  e->args = {v, typed(ir::makeInt(1, r), target->cint), typed(ir::makeInt(0, r), target->cint)};
  e->cint = target->cint;
  return e;
}

// `q[i].p = v` where q is a buffer of structs with a pointer field: the field holds a
// pointer kept in memory, of which kprove models only the bits (an opaque leaf,
// struct_layout.cpp): a copy `q[i].p = r[j].p` copies them, any other pointer `v` is
// checked as a pointer and stored as bits kprove does not know (an unconstrained
// value). A pointer read back from memory is never dereferenced (fieldPointer), so
// the bits are never interpreted. False when `bo` is not such an assignment.
bool CLowering::storedPointerAssign(const clang::BinaryOperator *bo, std::vector<StmtPtr> &out) {
  const clang::Expr *lhs = bo->getLHS()->IgnoreParens();
  if (!isFieldPath(lhs))
    return false;
  SourceRange r = range(bo);
  std::vector<StmtPtr> pre;
  auto to = place(lhs, pre);
  if (!to)
    return true;
  if (!to->index)
    return false; // a by-value struct's pointer field: an array of its own
  if (bo->getOpcode() != clang::BO_Assign) {
    unsupported(r, "arithmetic on the pointer field '" + to->name +
                       "' of a buffer's element (a pointer kept in memory: only copied)");
    return true;
  }
  Field bits{"", Type::Int, false, {}, false, true};
  ExprPtr v;
  const clang::Expr *rhs = bo->getRHS()->IgnoreParens();
  if (auto *ic = llvm::dyn_cast<clang::ImplicitCastExpr>(rhs);
      ic && ic->getCastKind() == clang::CK_LValueToRValue)
    rhs = ic->getSubExpr()->IgnoreParens();
  if (isFieldPath(rhs) && ctx_.hasSameType(rhs->getType(), lhs->getType())) {
    auto from = place(rhs, pre);
    if (!from)
      return true;
    if (!from->index) {
      unsupported(range(rhs),
                  "storing the pointer field '" + from->name + "' of a by-value struct in memory");
      return true;
    }
    v = leafOf(*from, bits, range(rhs));
  } else {
    if (!pointerValue(bo->getRHS(), pre))
      return true;
    auto d = newStmt(StmtKind::VarDecl, range(bo->getRHS()));
    d->name = freshTemp(); // no value: the bits are unknown
    d->declType = Type::Int;
    pre.push_back(d);
    v = ir::makeVar(d->name, range(bo->getRHS()));
  }
  out.insert(out.end(), pre.begin(), pre.end());
  assign(leafOf(*to, bits, range(lhs)), v, r, out);
  return true;
}

// A struct or vector argument: its leaves; a buffer argument: its leaf arrays.
// False after a diagnostic.
bool CLowering::aggregateArgument(const clang::Expr *a, std::vector<ExprPtr> &args,
                                  std::vector<StmtPtr> &pre) {
  clang::QualType t = a->getType().getCanonicalType();
  if (t->isPointerType()) {
    auto b = aggregateBuffer(a, pre);
    if (!b)
      return false;
    auto fields = scalarFields(t->getPointeeType(), PointerFields::Opaque);
    if (b->second || !fields) {
      unsupported(range(a), "a pointer into a struct or vector buffer other than the buffer "
                            "itself as an argument");
      return false;
    }
    for (const Field &f : *fields)
      args.push_back(ir::makeVar(leafPath(b->first, f.name), range(a)));
    return true;
  }
  auto parts = aggregateParts(a, pre);
  if (!parts)
    return false;
  args.insert(args.end(), parts->begin(), parts->end());
  return true;
}

// --- annotations ---

// Annotations name leaves as C does (`p[i].pos.x`, `v.s1`, `s.lo`; the parser
// gives `p.pos.x[i]`, `v.s1`): every component spelling becomes the canonical
// one, `Perm(&p[i], f)` of a whole element is the permission to each of its
// leaves, and a buffer `p` itself (`p != NULL`, `\pointer_length(p)`) is its first
// leaf array, which has the buffer's nullness and length.
void CLowering::aggregateSpec(ExprPtr &e) {
  if (!e || aggregateNames_.empty())
    return;
  auto bound = [&](const std::string &n) {
    return std::any_of(specBinders_.begin(), specBinders_.end(),
                       [&](const ScopedName &b) { return b.name == n; });
  };
  auto buffer = [&](const ExprPtr &x) -> const std::pair<clang::QualType, bool> * {
    if (!x || x->kind != ExprKind::Var || bound(x->name))
      return nullptr;
    auto it = aggregateNames_.find(x->name);
    return it == aggregateNames_.end() || !it->second.second ? nullptr : &it->second;
  };
  if (e->kind == ExprKind::Perm && e->args[0]->kind == ExprKind::Index &&
      buffer(e->args[0]->args[0])) {
    auto fields = scalarFields(buffer(e->args[0]->args[0])->first, PointerFields::Opaque);
    aggregateSpec(e->args[0]->args[1]);
    aggregateSpec(e->args[1]);
    if (!fields)
      return;
    ExprPtr all;
    for (const Field &f : *fields) {
      auto cell = std::make_shared<ir::Expr>(*e->args[0]);
      cell->args = {ir::makeVar(leafPath(e->args[0]->args[0]->name, f.name), e->args[0]->range),
                    e->args[0]->args[1]};
      cell->cint = f.cint;
      auto perm = std::make_shared<ir::Expr>(*e);
      perm->args = {cell, e->args[1]};
      all = all ? ir::makeBinary(ir::BinOp::Star, all, perm, e->range) : perm;
    }
    e = all;
    return;
  }
  if (e->kind == ExprKind::Index && buffer(e->args[0])) {
    unsupported(e->range, "the whole element '" + e->args[0]->name +
                              "[...]' here (name a field or component, or Perm(&" +
                              e->args[0]->name + "[i], f) for all of them)");
    return;
  }
  for (ExprPtr &a : e->args)
    aggregateSpec(a);
  if (e->kind != ExprKind::Var)
    return;
  size_t dot = e->name.find('.');
  auto it = aggregateNames_.find(e->name.substr(0, dot));
  if (it == aggregateNames_.end() || bound(it->first))
    return;
  if (dot == std::string::npos) {
    if (auto fields = scalarFields(it->second.first, PointerFields::Opaque);
        fields && it->second.second)
      e->name = leafPath(e->name, fields->front().name);
    return; // a whole struct variable: the type checker reports the unknown name
  }
  // Walk the path, spelling each component canonically.
  clang::QualType t = it->second.first.getCanonicalType();
  std::string out = it->first, rest = e->name.substr(dot + 1);
  while (!rest.empty()) {
    size_t next = rest.find('.');
    std::string part = rest.substr(0, next);
    rest = next == std::string::npos ? "" : rest.substr(next + 1);
    if (const auto *vt = t->getAs<clang::ExtVectorType>()) {
      auto i = componentIndex(part);
      if (!i || *i >= vt->getNumElements()) {
        unsupported(e->range, "the component '" + part + "' of '" + t.getAsString() +
                                  "' in an annotation (only single components: x y z w, "
                                  "s0 ... sf)");
        return;
      }
      out = leafPath(out, componentName(*i, vt->getNumElements()));
      t = vt->getElementType().getCanonicalType();
      continue;
    }
    out = leafPath(out, part);
    const clang::RecordType *rt = t->getAs<clang::RecordType>();
    t = clang::QualType();
    if (rt && rt->getDecl()->getDefinition())
      for (const clang::FieldDecl *f : rt->getDecl()->getDefinition()->fields())
        if (f->getNameAsString() == part)
          t = f->getType().getCanonicalType();
    if (t.isNull())
      return; // the type checker reports the unknown name
  }
  e->name = out;
}

} // namespace kprove::lang::clower
