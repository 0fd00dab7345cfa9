// The leaves of struct, class and vector types (lower_aggregate.cpp models values
// and buffers by them): fields in layout order, C++ base classes' fields first,
// nested structs, array fields one leaf per cell (`a[0]`, `a[1]`, ...), and the
// pointer fields of by-value structs, each a buffer of its own (`q.p`). Also the
// field paths of expressions (`q.s.p`, `q.a[3]`) and a pointer field as a pointer.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {

// Array fields are flattened cell by cell: up to this many leaves in all.
constexpr size_t kMaxLeaves = 256;

bool isScalarPointee(clang::QualType t) {
  t = t.getCanonicalType();
  return isIntLike(t) || isFloat(t) || t->isBooleanType();
}

} // namespace

// The leaves of `t` below `prefix`; false (and `why`) for what kprove does not model.
bool CLowering::leavesOf(clang::QualType t, const std::string &prefix, std::vector<Field> &out,
                         std::string &why, PointerFields pointers) const {
  t = t.getCanonicalType();
  if (const auto *vt = t->getAs<clang::ExtVectorType>()) {
    clang::QualType elem = vt->getElementType().getCanonicalType();
    for (unsigned i = 0; i < vt->getNumElements(); ++i) {
      out.push_back({leafPath(prefix, componentName(i, vt->getNumElements())),
                     elem->isBooleanType() ? Type::Bool : Type::Int, elem->isRealFloatingType(),
                     cintOf(elem)});
      out.back().ctype = elem;
    }
    return true;
  }
  if (t->isUnionType()) {
    why = "union '" + t.getAsString() + "'";
    return false;
  }
  const clang::RecordType *rt = t->getAs<clang::RecordType>();
  if (rt && !rt->getDecl()->isUnion()) {
    const clang::RecordDecl *def = rt->getDecl()->getDefinition();
    if (!def) {
      why = "incomplete struct '" + t.getAsString() + "'";
      return false;
    }
    size_t before = out.size();
    if (!recordLeaves(def, t, prefix, out, why, pointers))
      return false;
    if (out.size() == before) {
      why = "empty struct '" + t.getAsString() + "'";
      return false;
    }
    // A derived class's field may hide a base's of the same name: two leaves, one path.
    for (size_t i = before; i < out.size(); ++i)
      for (size_t j = before; j < i; ++j)
        if (out[i].name == out[j].name) {
          why = "field '" + out[i].name + "' of '" + t.getAsString() +
                "' hiding a base class's field of that name";
          return false;
        }
    return true;
  }
  // A scalar: one leaf, the place itself.
  out.push_back(
      {prefix, t->isBooleanType() ? Type::Bool : Type::Int, t->isRealFloatingType(), cintOf(t)});
  out.back().ctype = t;
  return true;
}

// A struct's (or class's) fields in layout order: its base classes' first (C++: a
// non-virtual base is a prefix of the object; its fields are named as the derived
// class's own, `q.p`).
bool CLowering::recordLeaves(const clang::RecordDecl *def, clang::QualType t,
                             const std::string &prefix, std::vector<Field> &out, std::string &why,
                             PointerFields pointers) const {
  if (auto *cxx = llvm::dyn_cast<clang::CXXRecordDecl>(def)) {
    if (cxx->isPolymorphic()) {
      why = "class '" + t.getAsString() + "' with virtual functions";
      return false;
    }
    for (const clang::CXXBaseSpecifier &b : cxx->bases()) {
      const clang::RecordType *brt = b.getType()->getAs<clang::RecordType>();
      const clang::RecordDecl *bdef = brt ? brt->getDecl()->getDefinition() : nullptr;
      if (b.isVirtual() || !bdef) {
        why = "base class '" + b.getType().getAsString() + "' of '" + t.getAsString() + "'";
        return false;
      }
      if (!recordLeaves(bdef, t, prefix, out, why, pointers))
        return false;
    }
  }
  for (const clang::FieldDecl *f : def->fields()) {
    std::string name = f->getNameAsString();
    if (f->isBitField()) {
      why = "bit-field '" + name + "' of '" + t.getAsString() + "'";
      return false;
    }
    if (name.empty()) {
      why = "an unnamed field of '" + t.getAsString() + "'";
      return false;
    }
    if (!fieldLeaves(f->getType(), leafPath(prefix, name),
                     "'" + name + "' of '" + t.getAsString() + "'", out, why, pointers))
      return false;
  }
  return true;
}

// The leaves of one field (`what` names it for messages): a scalar, a nested
// struct or vector, a pointer to scalars (`pointers`: an array leaf), or an array of
// any of these, one leaf per cell (`a[0]`, `a[1]`, ...: C's constant-index accesses).
bool CLowering::fieldLeaves(clang::QualType ft, const std::string &path, const std::string &what,
                            std::vector<Field> &out, std::string &why,
                            PointerFields pointers) const {
  ft = ft.getCanonicalType();
  if (isAggregate(ft))
    return leavesOf(ft, path, out, why, pointers);
  if (ft->isIntegerType() || ft->isRealFloatingType() || ft->isEnumeralType()) {
    out.push_back(
        {path, ft->isBooleanType() ? Type::Bool : Type::Int, ft->isRealFloatingType(), cintOf(ft)});
    out.back().ctype = ft;
    return true;
  }
  if (ft->isPointerType()) {
    clang::QualType pointee = ft->getPointeeType();
    if (pointers == PointerFields::Opaque) {
      // Kept in memory: only its bits, copied whole (storedPointerAssign).
      out.push_back({path, Type::Int, false, {}, false, true});
      return true;
    }
    bool arrays = pointers == PointerFields::Arrays;
    if (!arrays || !isScalarPointee(pointee) || spaceOf(pointee) == ir::MemorySpace::Local) {
      why = "pointer field " + what +
            (arrays ? std::string(" (only pointers to int-like and floating-point scalars in "
                                  "global or constant memory)")
                    : std::string(" (pointers are fields of by-value structs only, not of "
                                  "variables)"));
      return false;
    }
    out.push_back({path, Type::IntArray, isFloat(pointee), cintOf(pointee), true});
    out.back().ctype = pointee;
    return true;
  }
  if (const auto *at = llvm::dyn_cast<clang::ConstantArrayType>(ft.getTypePtr())) {
    uint64_t n = at->getSize().getZExtValue();
    for (uint64_t i = 0; i < n; ++i) {
      if (out.size() > kMaxLeaves) {
        why =
            "array field " + what + " (more than " + std::to_string(kMaxLeaves) + " leaves in all)";
        return false;
      }
      if (!fieldLeaves(at->getElementType(), path + "[" + std::to_string(i) + "]", what, out, why,
                       pointers))
        return false;
    }
    return true;
  }
  why = std::string(ft->isArrayType() ? "array" : "") + " field " + what;
  return false;
}

std::optional<std::vector<CLowering::Field>> CLowering::scalarFields(clang::QualType t,
                                                                     PointerFields pointers) const {
  if (!isAggregate(t))
    return std::nullopt;
  std::vector<Field> out;
  std::string why;
  if (!leavesOf(t, "", out, why, pointers))
    return std::nullopt;
  return out;
}

std::string CLowering::aggregateProblem(clang::QualType t, PointerFields pointers) const {
  std::vector<Field> out;
  std::string why;
  leavesOf(t, "", out, why, pointers);
  return why;
}

// Whether `e` names a field (at any depth, or a cell of an array field) of a struct
// variable, by-value parameter or buffer element, as opposed to a builtin's field.
bool CLowering::isFieldPath(const clang::Expr *e) const {
  e = e->IgnoreParenImpCasts();
  if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    const clang::Expr *arr = as->getBase()->IgnoreParenImpCasts();
    return arr->getType()->isConstantArrayType() && isFieldPath(arr);
  }
  auto *me = llvm::dyn_cast<clang::MemberExpr>(e);
  if (!me || !llvm::isa<clang::FieldDecl>(me->getMemberDecl()))
    return false;
  const clang::Expr *base = me->getBase()->IgnoreParenImpCasts();
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(base))
    return inMainFile(dr->getDecl()->getLocation());
  return true;
}

// A pointer field of a by-value struct parameter (`q.p`, `q.v.p`, `q.p[4]`): the
// parameter's own array `q.p`, at offset 0. A pointer held in a buffer's element
// (`q[i].p`) is a pointer kept in memory, whose array kprove does not know.
std::optional<CLowering::PointerValue> CLowering::fieldPointer(const clang::Expr *e,
                                                               std::vector<StmtPtr> &pre) {
  SourceRange r = range(e);
  e = e->IgnoreParenImpCasts();
  clang::QualType t = e->getType().getCanonicalType();
  if (!t->isPointerType()) {
    unsupported(r, "a pointer into an array field (index the field itself: q.a[k])");
    return std::nullopt;
  }
  auto p = place(e, pre);
  if (!p)
    return std::nullopt;
  if (p->index || !isScalarPointee(t->getPointeeType())) {
    unsupported(r, "the pointer field '" + p->name +
                       "' of a buffer's element (a pointer kept in memory: its array is not "
                       "known statically)");
    return std::nullopt;
  }
  // The field's declaration and the leaf's name identify the array together.
  const clang::Expr *m = e;
  while (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(m))
    m = as->getBase()->IgnoreParenImpCasts();
  const clang::ValueDecl *field = llvm::cast<clang::MemberExpr>(m)->getMemberDecl();
  return PointerValue{field, p->name, nullptr};
}
} // namespace kprove::lang::clower
