// Array shapes beyond one dimension, and group-shared scalars:
//   - a multi-dimensional __local / __shared__ array `T a[d0][d1]...` is one local
//     array of d0*d1*... cells in row-major order (C's layout): `a[i][j]` is the cell
//     a[i*d1 + j]. C requires every inner index to be within its dimension
//     (`a[0][d1]` is undefined even though the cell exists), so an access whose inner
//     index is outside [0, dk) is an out-of-bounds access (index -1);
//   - a __local / __shared__ scalar `T x;` is shared by the work group: a local array
//     of one cell, `x` is the cell x[0] in code and annotations.
//   - a file-scope `__constant` (CUDA `__constant__`) array or scalar is read-only
//     memory: each kernel gets it as a constant array its threads may read wholly
//     (one per leaf for a 1-D array of structs or vectors); writes to it, and passing
//     it to a function, are unsupported. OpenCL's initialiser gives its contents
//     (assumed at the kernel's start); a CUDA host may change them: unknown;
//   - a file-scope CUDA `__device__` array or scalar is global memory of the grid,
//     shared by every thread of every block, of unknown contents (its initialiser
//     ran when the module was loaded; earlier launches and the host may have
//     changed it): each kernel gets it as a global array of that many cells, which
//     its contract hands out like a buffer parameter's.
// Annotations name the same cells: `Perm(&tile[i][j], write)` is Perm(&tile[i*d1 + j]).
#include "lang/c/clang_lowering.h"

#include <functional>

namespace kprove::lang::clower {

namespace {

// Known contents are assumed for constant arrays of at most this many cells.
constexpr uint64_t kMaxKnownConstantCells = 4096;

// The dimensions of a constant-size array type, outermost first (empty if `t` is not
// one), and its innermost element type.
std::vector<uint64_t> dimensionsOf(const clang::ASTContext &ctx, clang::QualType t,
                                   clang::QualType &elem) {
  std::vector<uint64_t> dims;
  while (const clang::ConstantArrayType *at = ctx.getAsConstantArrayType(t)) {
    dims.push_back(at->getSize().getZExtValue());
    t = at->getElementType();
  }
  elem = t;
  return dims;
}

ExprPtr mathInt(ExprPtr e) {
  if (e)
    e->cint = {};
  return e;
}

} // namespace

bool CLowering::isSharedDecl(const clang::VarDecl *vd) const {
  return vd->getType().getAddressSpace() == clang::LangAS::opencl_local ||
         vd->hasAttr<clang::CUDASharedAttr>();
}

// The shapes annotations may name before the declarations are lowered (a kernel's
// contract comes before its body): every multi-dimensional array and shared scalar
// declared in `fd`'s body, by name. A name declared twice with different shapes is
// ambiguous in annotations (reported where one uses it).
void CLowering::collectArrayShapes(const clang::FunctionDecl *fd) {
  arrayShapes_.clear();
  sharedScalars_.clear();
  privateArrays_.clear();
  ambiguousShapes_.clear();
  std::vector<const clang::Stmt *> todo{fd->getBody()};
  while (!todo.empty()) {
    const clang::Stmt *s = todo.back();
    todo.pop_back();
    if (!s)
      continue;
    if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s))
      for (const clang::Decl *d : ds->decls())
        if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d)) {
          std::string name = vd->getNameAsString();
          clang::QualType elem;
          std::vector<uint64_t> dims = dimensionsOf(ctx_, vd->getType(), elem);
          bool scalar = dims.empty() && isSharedDecl(vd) && !vd->getType()->isArrayType();
          if (!dims.empty() && !isSharedDecl(vd))
            privateArrays_.insert(name);
          if (dims.size() < 2 && !scalar)
            continue;
          bool known = arrayShapes_.count(name) || sharedScalars_.count(name);
          if (known && (scalar != (sharedScalars_.count(name) > 0) ||
                        (!scalar && arrayShapes_[name] != dims)))
            ambiguousShapes_.insert(name);
          if (scalar)
            sharedScalars_.insert(name);
          else
            arrayShapes_[name] = dims;
        }
    for (const clang::Stmt *c : s->children())
      todo.push_back(c);
  }
  // The file's __device__ variables (fileScopeConstant), as annotations name them.
  for (const clang::VarDecl *vd : fileDevices_) {
    clang::QualType elem;
    std::vector<uint64_t> dims = dimensionsOf(ctx_, vd->getType(), elem);
    if (dims.empty())
      sharedScalars_.insert(vd->getNameAsString());
    else if (dims.size() >= 2)
      arrayShapes_[vd->getNameAsString()] = dims;
  }
}

// `T a[d0][d1]...;` or `T x;` in __local / __shared__ memory: one local array of the
// group. `T a[d0]...;` in private memory: one array per thread, which the thread holds
// wholly (vcgen), initialised by its initialiser list. Returns false (and a
// diagnostic) if it cannot be modelled.
bool CLowering::arrayDecl(const clang::VarDecl *vd, SourceRange r, bool shared,
                          std::vector<StmtPtr> &out) {
  std::string name = vd->getNameAsString();
  if (!shared) {
    if (!inKernel_ || !locals_) {
      unsupported(r, "private array '" + name + "' in a helper function (only in kernels)");
      return false;
    }
    if (!jumpScopes_.empty()) {
      // Hoisted to the kernel, it would keep its cells from one iteration to the
      // next, where C gives a fresh array with indeterminate contents.
      unsupported(r, "private array '" + name +
                         "' declared inside a loop or switch (declare it before the loop)");
      return false;
    }
    if (vd->isStaticLocal() || vd->hasExternalStorage()) {
      unsupported(r, "static or extern local variable '" + name + "'");
      return false;
    }
  } else if (!inKernel_ || !locals_) {
    unsupported(r, "local memory declared outside a kernel");
    return false;
  }
  if (shared && vd->hasInit()) {
    // Clang rejects initialisers of __local variables; CUDA's __shared__ ones are
    // not allowed either. Kept explicit: the group's memory starts unknown.
    unsupported(r, "an initialiser of local memory '" + name + "'");
    return false;
  }
  clang::QualType elem;
  std::vector<uint64_t> dims = dimensionsOf(ctx_, vd->getType(), elem);
  if (dims.empty() && vd->getType()->isArrayType()) {
    unsupported(r, "local array '" + name + "' of this type");
    return false;
  }
  uint64_t cells = 1;
  for (uint64_t d : dims) {
    if (d != 0 && cells > (uint64_t(1) << 40) / d) {
      unsupported(r, "local array '" + name + "' of more than 2^40 cells");
      return false;
    }
    cells *= d;
  }
  if (shared && !dims.empty() && isAggregate(elem)) {
    // A __local array of structs or vectors: one local array per leaf
    // (lower_aggregate.cpp), row-major as any other.
    aggregateLocalArray(vd, elem, ir::makeInt(static_cast<int64_t>(cells), r));
    if (dims.size() > 1)
      loweredArrays_.insert(vd);
    return true;
  }
  if (!(isIntLike(elem) || isFloat(elem) || elem->isBooleanType())) {
    unsupported(r, (dims.empty() ? "local scalar '" : "array '") + name + "' of '" +
                       elem.getAsString() + "'");
    return false;
  }
  for (const ir::KernelArray &a : *locals_)
    if (a.name == name) {
      unsupported(r, "two local arrays named '" + name + "'");
      return false;
    }
  ir::KernelArray a;
  a.space = shared ? ir::MemorySpace::Local : ir::MemorySpace::Private;
  a.name = name;
  a.range = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
  a.length = ir::makeInt(static_cast<int64_t>(cells), a.range);
  a.cint = cintOf(elem);
  if (isFloat(elem))
    floatNames_.insert(name);
  std::vector<StmtPtr> init;
  if (!shared && vd->hasInit() && !privateInit(vd, elem, cells, init))
    return false;
  locals_->push_back(a);
  if (dims.empty())
    sharedCells_.insert(vd);
  else
    loweredArrays_.insert(vd);
  out.insert(out.end(), init.begin(), init.end());
  return true;
}

// `T a[N]... = {v0, v1, ...};`: the assignments a[k] = v_k in row-major order, the
// cells the list leaves out 0 (C11 6.7.9).
bool CLowering::privateInit(const clang::VarDecl *vd, clang::QualType elem, uint64_t cells,
                            std::vector<StmtPtr> &out) {
  SourceRange r = range(vd);
  std::string name = vd->getNameAsString();
  constexpr uint64_t kMaxInitialised = 4096;
  if (cells > kMaxInitialised) {
    unsupported(r, "an initialiser of private array '" + name + "' of more than " +
                       std::to_string(kMaxInitialised) + " cells");
    return false;
  }
  // The leaves in row-major order; a missing one (null) is zero.
  std::vector<const clang::Expr *> leaves;
  std::function<bool(const clang::Expr *, clang::QualType)> flatten = [&](const clang::Expr *e,
                                                                          clang::QualType t) {
    const clang::ConstantArrayType *at = ctx_.getAsConstantArrayType(t);
    if (!at) {
      leaves.push_back(e);
      return true;
    }
    auto *list = llvm::dyn_cast_or_null<clang::InitListExpr>(e ? e->IgnoreImplicit() : nullptr);
    if (e && !list)
      return false; // a string literal, a compound literal
    uint64_t n = at->getSize().getZExtValue();
    for (uint64_t k = 0; k < n; ++k)
      if (!flatten(list && k < list->getNumInits() ? list->getInit(k) : nullptr,
                   at->getElementType()))
        return false;
    return true;
  };
  if (!flatten(vd->getInit(), vd->getType()) || leaves.size() != cells) {
    unsupported(range(vd->getInit()),
                "this initialiser of private array '" + name + "' (only lists of values)");
    return false;
  }
  for (uint64_t k = 0; k < cells; ++k) {
    const clang::Expr *leaf = leaves[k];
    if (leaf && llvm::isa<clang::ImplicitValueInitExpr>(leaf))
      leaf = nullptr;
    ExprPtr v;
    std::vector<StmtPtr> pre;
    if (leaf) {
      if (callNeedingStatement(leaf)) {
        unsupported(range(leaf),
                    "a function call in an initialiser of private array '" + name + "'");
        return false;
      }
      v = convertTo(leaf, elem->isBooleanType() ? Type::Bool : Type::Int, pre);
      if (!v)
        return false;
      v = convertInt(v, cintOf(elem), r);
    } else if (isIntLike(elem)) {
      v = typed(ir::makeInt(0, r), cintOf(elem));
    } else {
      unsupported(range(vd->getInit()), "an initialiser of private array '" + name +
                                            "' that leaves non-integer cells out");
      return false;
    }
    out.insert(out.end(), pre.begin(), pre.end());
    auto cell = std::make_shared<ir::Expr>();
    cell->kind = ExprKind::Index;
    cell->range = r;
    cell->args = {ir::makeVar(name, r), ir::makeInt(static_cast<int64_t>(k), r)};
    cell->cint = cintOf(elem);
    auto set = newStmt(StmtKind::Assign, r);
    set->target = cell;
    set->value = v;
    out.push_back(set);
  }
  return true;
}

// A file-scope variable: a __constant one is recorded for the kernels (kernelConstants);
// false for any other.
// A CUDA `__device__` one likewise (fileDevices_).
bool CLowering::fileScopeConstant(const clang::VarDecl *vd) {
  bool constant = vd->getType().getAddressSpace() == clang::LangAS::opencl_constant ||
                  vd->hasAttr<clang::CUDAConstantAttr>();
  bool device = !constant && dialect_ == CDialect::Cuda && vd->hasAttr<clang::CUDADeviceAttr>() &&
                !vd->hasAttr<clang::CUDASharedAttr>() && !vd->getType().isConstQualified();
  if (!constant && !device)
    return false;
  clang::QualType elem;
  std::vector<uint64_t> dims = dimensionsOf(ctx_, vd->getType(), elem);
  // A one-dimensional constant array of structs or vectors: one array per leaf.
  std::optional<std::vector<Field>> leaves;
  if (constant && dims.size() == 1 && isAggregate(elem))
    leaves = scalarFields(elem);
  if ((dims.empty() && vd->getType()->isArrayType()) ||
      !(leaves || isIntLike(elem) || isFloat(elem) || elem->isBooleanType()))
    return false;
  if (device) {
    fileDevices_.push_back(vd);
    return true;
  }
  fileConstants_.push_back(vd);
  constantNames_.insert(vd->getNameAsString());
  if (leaves)
    for (const Field &f : *leaves)
      constantNames_.insert(leafPath(vd->getNameAsString(), f.name));
  return true;
}

// The leaves of constant `v` of type `t`, in scalarFields' order: integers and bools
// as literals of their type, floating point as exact literals. False for anything
// else (then the contents stay unknown).
bool CLowering::constantLeaves(const clang::APValue &v, clang::QualType t, SourceRange r,
                               std::vector<ExprPtr> &out) {
  t = t.getCanonicalType();
  if (v.isInt()) {
    if (!(isIntLike(t) || t->isBooleanType()) || v.getInt().getBitWidth() > 64)
      return false;
    // The bits as an int64, converted: exact for every type (2^64 - 1 is -1 wrapped).
    int64_t bits = static_cast<int64_t>(v.getInt().getZExtValue());
    if (v.getInt().isSigned())
      bits = v.getInt().getSExtValue();
    ir::IntType ct = t->isBooleanType() ? ir::IntType{} : cintOf(t);
    out.push_back(t->isBooleanType() ? ir::makeInt(bits != 0, r)
                                     : convertInt(typed(ir::makeInt(bits, r), {64, true}), ct, r));
    return true;
  }
  if (v.isFloat() && isFloat(t)) {
    out.push_back(floatLiteral(v.getFloat(), r));
    return true;
  }
  if (v.isVector()) {
    const auto *vt = t->getAs<clang::ExtVectorType>();
    if (!vt || v.getVectorLength() != vt->getNumElements())
      return false;
    for (unsigned i = 0; i < v.getVectorLength(); ++i)
      if (!constantLeaves(v.getVectorElt(i), vt->getElementType(), r, out))
        return false;
    return true;
  }
  if (v.isStruct()) {
    const auto *rd = t->getAsRecordDecl();
    if (!rd || v.getStructNumBases() != 0)
      return false;
    unsigned i = 0;
    for (const clang::FieldDecl *f : rd->fields()) {
      if (f->isBitField() || i >= v.getStructNumFields() ||
          !constantLeaves(v.getStructField(i++), f->getType(), r, out))
        return false;
    }
    return true;
  }
  if (v.isArray()) {
    const auto *at = ctx_.getAsConstantArrayType(t);
    if (!at || v.getArraySize() != at->getSize().getZExtValue())
      return false;
    for (unsigned i = 0; i < v.getArraySize(); ++i) {
      const clang::APValue &e =
          i < v.getArrayInitializedElts() ? v.getArrayInitializedElt(i) : v.getArrayFiller();
      if (!constantLeaves(e, at->getElementType(), r, out))
        return false;
    }
    return true;
  }
  return false;
}

// An OpenCL program-scope __constant variable is initialised by the compiler and
// never changes (OpenCL C 6.5.3: the host cannot write it): its cells' values are
// known from the start of every kernel, assumed there. CUDA's __constant__ memory
// may be changed by the host (cudaMemcpyToSymbol): its contents stay unknown.
void CLowering::constantValues(const clang::VarDecl *vd, clang::QualType elem, uint64_t cells,
                               SourceRange r) {
  const clang::APValue *v =
      dialect_ == CDialect::OpenCL && vd->hasInit() ? vd->evaluateValue() : nullptr;
  if (!v || cells > kMaxKnownConstantCells)
    return;
  std::vector<ExprPtr> leaves;
  if (!constantLeaves(*v, vd->getType(), r, leaves))
    return;
  std::vector<std::string> names{vd->getNameAsString()};
  if (isAggregate(elem)) {
    names.clear();
    for (const Field &f : scalarFields(elem).value_or(std::vector<Field>{}))
      names.push_back(leafPath(vd->getNameAsString(), f.name));
  }
  if (names.empty() || leaves.size() != cells * names.size())
    return;
  ExprPtr all = ir::makeBool(true, r);
  for (uint64_t i = 0; i < cells; ++i)
    for (size_t l = 0; l < names.size(); ++l) {
      auto cell = std::make_shared<ir::Expr>();
      cell->kind = ExprKind::Index;
      cell->range = r;
      cell->args = {ir::makeVar(names[l], r), ir::makeInt(static_cast<int64_t>(i), r)};
      ExprPtr value = leaves[i * names.size() + l];
      cell->cint = value->cint;
      all = ir::makeBinary(ir::BinOp::And, all, ir::makeBinary(ir::BinOp::Eq, cell, value, r), r);
    }
  auto s = newStmt(StmtKind::Assume, r);
  s->value = all;
  constantFacts_.push_back(s);
}

// The file's __constant variables, as constant arrays of kernel `fd` (unless a
// parameter of the same name hides one; a local array of that name is reported).
void CLowering::kernelConstants(const clang::FunctionDecl *fd,
                                std::vector<ir::KernelArray> &locals) {
  std::vector<const clang::VarDecl *> all = fileConstants_;
  all.insert(all.end(), fileDevices_.begin(), fileDevices_.end());
  for (const clang::VarDecl *vd : all) {
    if (std::any_of(fd->param_begin(), fd->param_end(),
                    [&](const clang::ParmVarDecl *p) { return p->getName() == vd->getName(); }))
      continue; // hidden by the parameter
    clang::QualType elem;
    std::vector<uint64_t> dims = dimensionsOf(ctx_, vd->getType(), elem);
    uint64_t cells = 1;
    for (uint64_t d : dims)
      cells *= d;
    SourceRange at = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
    if (constantNames_.count(vd->getNameAsString()))
      constantValues(vd, elem, cells, at);
    if (isAggregate(elem)) { // a constant array of structs or vectors: one per leaf
      for (const Field &f : scalarFields(elem).value_or(std::vector<Field>{})) {
        ir::KernelArray a;
        a.space = ir::MemorySpace::Constant;
        a.name = leafPath(vd->getNameAsString(), f.name);
        a.range = at;
        a.length = ir::makeInt(static_cast<int64_t>(cells), at);
        a.cint = f.cint;
        if (f.floating)
          floatNames_.insert(a.name);
        locals.push_back(a);
      }
      declareAggregate(vd->getNameAsString(), elem, true);
      continue;
    }
    ir::KernelArray a;
    a.space = vd->hasAttr<clang::CUDADeviceAttr>() && !constantNames_.count(vd->getNameAsString())
                  ? ir::MemorySpace::Global
                  : ir::MemorySpace::Constant;
    a.name = vd->getNameAsString();
    a.range = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
    a.length = ir::makeInt(static_cast<int64_t>(cells), a.range);
    a.cint = cintOf(elem);
    if (isFloat(elem))
      floatNames_.insert(a.name);
    locals.push_back(a);
    if (dims.empty())
      sharedCells_.insert(vd);
    else
      loweredArrays_.insert(vd);
  }
}

// Constant memory is read-only and one symbol for all threads: a kernel's writes to
// it, and calls passing it on, are unsupported (reported at the statement).
void CLowering::rejectConstantWrites(const std::vector<StmtPtr> &body) {
  auto names = [&](const ExprPtr &e) {
    return e && e->kind == ExprKind::Var && constantNames_.count(e->name);
  };
  for (const StmtPtr &s : body) {
    if (s->kind == StmtKind::Assign && s->target && s->target->kind == ExprKind::Index &&
        names(s->target->args[0]))
      unsupported(s->range, "a write to constant memory '" + s->target->args[0]->name + "'");
    if (s->kind == StmtKind::Atomic && !s->args.empty() && s->args[0]->kind == ExprKind::Index &&
        names(s->args[0]->args[0]))
      unsupported(s->range, "an atomic on constant memory '" + s->args[0]->args[0]->name + "'");
    if (s->kind == StmtKind::Call)
      for (const ExprPtr &a : s->args)
        if (names(a))
          unsupported(s->range, "passing constant memory '" + a->name + "' to a function");
    rejectConstantWrites(s->body);
    rejectConstantWrites(s->elseBody);
  }
}

// Private arrays are one symbol for all threads (vcgen): a contract that other
// threads' preconditions take part in (a kernel's, a barrier's) must not name them,
// nor a pointer whose array is known only at run time (it may be a private one).
void CLowering::rejectPrivateArraysIn(const std::vector<ir::Clause> &clauses, const char *where) {
  std::function<bool(const ExprPtr &)> names = [&](const ExprPtr &e) {
    if (!e)
      return false;
    if (e->kind == ExprKind::Var && dynamicArrays_.count(e->name)) {
      unsupported(e->range, "a pointer whose array is known only at run time in " +
                                std::string(where) +
                                " (it may point into a private array; name it in assertions "
                                "and loop invariants only)");
      return true;
    }
    if (e->kind == ExprKind::Var &&
        (privateArrays_.count(e->name) || constantNames_.count(e->name))) {
      unsupported(e->range, std::string(privateArrays_.count(e->name) ? "the private array '"
                                                                      : "the constant memory '") +
                                e->name + "' in " + where +
                                " (each thread holds it wholly; name it in assertions and loop "
                                "invariants only)");
      return true;
    }
    for (const ExprPtr &a : e->args)
      if (names(a))
        return true;
    return false;
  };
  for (const ir::Clause &c : clauses)
    names(c.expr);
}

// A use of the shared scalar `dr` names: its cell x[0]; null if `dr` is not one.
ExprPtr CLowering::sharedScalarCell(const clang::DeclRefExpr *dr, SourceRange r) const {
  auto *vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
  if (!vd || !sharedCells_.count(vd))
    return nullptr;
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Index;
  e->range = r;
  e->args = {ir::makeVar(vd->getNameAsString(), r), ir::makeInt(0, r)};
  e->cint = cintOf(vd->getType());
  return e;
}

// `a[i][j]...` with every index of a multi-dimensional array given: its cell.
ExprPtr CLowering::multiIndex(const clang::ArraySubscriptExpr *as, std::vector<StmtPtr> &pre) {
  const clang::DeclRefExpr *dr = nullptr;
  ExprPtr at = flatIndex(as, pre, dr);
  if (!at)
    return nullptr;
  auto e = std::make_shared<ir::Expr>();
  e->kind = ExprKind::Index;
  e->range = range(as);
  e->args = {ir::makeVar(dr->getDecl()->getNameAsString(), range(dr)), at};
  e->cint = cintOf(as->getType());
  return e;
}

// The flat index of `a[i][j]...` into the array `dr` names (-1 when an inner index
// lies outside its dimension: a bounds error at the access).
ExprPtr CLowering::flatIndex(const clang::ArraySubscriptExpr *as, std::vector<StmtPtr> &pre,
                             const clang::DeclRefExpr *&dr) {
  SourceRange r = range(as);
  std::vector<const clang::Expr *> indices; // innermost first
  const clang::Expr *base = as;
  while (auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(base)) {
    indices.push_back(sub->getIdx());
    base = sub->getBase()->IgnoreParenImpCasts();
  }
  std::reverse(indices.begin(), indices.end());
  dr = llvm::dyn_cast<clang::DeclRefExpr>(base);
  auto *vd = dr ? llvm::dyn_cast<clang::VarDecl>(dr->getDecl()) : nullptr;
  clang::QualType elem;
  std::vector<uint64_t> dims =
      vd ? dimensionsOf(ctx_, vd->getType(), elem) : std::vector<uint64_t>{};
  if (!vd || dims.size() != indices.size() || dims.size() < 2 || !loweredArrays_.count(vd)) {
    unsupported(r, "this array access (only a[i][j]... with every index of a local or "
                   "private array of that many dimensions)");
    return nullptr;
  }
  // flat = ((i0 * d1 + i1) * d2 + i2) ...; every inner index within its dimension.
  ExprPtr flat, inner;
  for (size_t k = 0; k < indices.size(); ++k) {
    ExprPtr i = convertTo(indices[k], Type::Int, pre);
    if (!i)
      return nullptr;
    if (k == 0) {
      flat = i;
      continue;
    }
    ExprPtr d = ir::makeInt(static_cast<int64_t>(dims[k]), r);
    ExprPtr within =
        ir::makeBinary(ir::BinOp::And, ir::makeBinary(ir::BinOp::Le, ir::makeInt(0, r), i, r),
                       ir::makeBinary(ir::BinOp::Lt, i, d, r), r);
    inner = inner ? ir::makeBinary(ir::BinOp::And, inner, within, r) : within;
    flat = mathInt(
        ir::makeBinary(ir::BinOp::Add, mathInt(ir::makeBinary(ir::BinOp::Mul, flat, d, r)), i, r));
  }
  auto ite = std::make_shared<ir::Expr>();
  ite->kind = ExprKind::Ite;
  ite->range = r;
  ite->args = {inner, flat, ir::makeInt(-1, r)};
  return ite;
}

// An annotation's `a[i][j]` of a multi-dimensional array is a[i*d1 + j]; its shared
// scalar `x` is x[0]. True when `e` was such a mention, rewritten and typed (or
// reported).
bool CLowering::specArrayRewrite(ExprPtr &e) {
  auto shadowed = [&](const std::string &name) {
    for (const ScopedName &b : specBinders_)
      if (b.name == name)
        return true;
    for (auto it = userNames_.rbegin(); it != userNames_.rend(); ++it)
      if (it->name == name)
        return !it->array; // a scalar of that name hides the shared one
    return false;
  };
  if (e->kind == ExprKind::Var && sharedScalars_.count(e->name) && !shadowed(e->name)) {
    if (ambiguousShapes_.count(e->name)) {
      unsupported(e->range, "'" + e->name +
                                "' in an annotation: the function declares two "
                                "variables of that name with different shapes");
      return true;
    }
    SourceRange r = e->range;
    auto cell = std::make_shared<ir::Expr>();
    cell->kind = ExprKind::Index;
    cell->range = r;
    cell->args = {ir::makeVar(e->name, r), ir::makeInt(0, r)};
    cell->cint = scopedIntType(e->name, true);
    e = cell;
    return true;
  }
  if (e->kind != ExprKind::Index)
    return false;
  std::vector<ExprPtr *> indices; // innermost first
  ExprPtr *base = &e;
  while ((*base)->kind == ExprKind::Index && (*base)->args.size() == 2) {
    indices.push_back(&(*base)->args[1]);
    base = &(*base)->args[0];
  }
  if ((*base)->kind != ExprKind::Var)
    return false;
  auto shape = arrayShapes_.find((*base)->name);
  if (shape == arrayShapes_.end() || shadowed((*base)->name))
    return false;
  const std::vector<uint64_t> &dims = shape->second;
  if (ambiguousShapes_.count((*base)->name) || dims.size() != indices.size()) {
    unsupported(e->range, "this access of the " + std::to_string(dims.size()) +
                              "-dimensional array '" + (*base)->name +
                              "' in an annotation (give every index, once per dimension)");
    return true;
  }
  std::reverse(indices.begin(), indices.end());
  SourceRange r = e->range;
  ExprPtr flat;
  for (size_t k = 0; k < indices.size(); ++k) {
    typeSpec(*indices[k]);
    ExprPtr i = *indices[k];
    flat = k == 0 ? i
                  : mathInt(ir::makeBinary(
                        ir::BinOp::Add,
                        mathInt(ir::makeBinary(ir::BinOp::Mul, flat,
                                               ir::makeInt(static_cast<int64_t>(dims[k]), r), r)),
                        i, r));
  }
  auto cell = std::make_shared<ir::Expr>();
  cell->kind = ExprKind::Index;
  cell->range = r;
  cell->args = {*base, flat};
  cell->cint = scopedIntType((*base)->name, true);
  e = cell;
  return true;
}

// `&x` of a shared scalar, `&a[i][j]...` of a multi-dimensional array: the cell's
// array and offset. False if `sub` (the operand of &) is neither; `out` is nullopt
// after a diagnostic.
bool CLowering::sharedAddress(const clang::Expr *sub, std::vector<StmtPtr> &pre,
                              std::optional<PointerValue> &out) {
  sub = sub->IgnoreParens();
  ExprPtr cell;
  const clang::VarDecl *vd = nullptr;
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(sub)) {
    vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
    cell = sharedScalarCell(dr, range(sub));
    if (!cell)
      return false;
  } else if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(sub);
             as && llvm::isa<clang::ArraySubscriptExpr>(as->getBase()->IgnoreParenImpCasts())) {
    cell = multiIndex(as, pre);
    if (cell)
      for (const clang::Expr *b = as; !vd;) {
        b = llvm::cast<clang::ArraySubscriptExpr>(b)->getBase()->IgnoreParenImpCasts();
        if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(b))
          vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
      }
  } else {
    return false;
  }
  out = std::nullopt;
  if (cell && vd)
    out = PointerValue{vd, vd->getNameAsString(), cell->args[1]};
  return true;
}

} // namespace kprove::lang::clower
