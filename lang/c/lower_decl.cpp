// Declarations and types: the file's functions (kernels and helpers), their
// parameters and contracts, the C types kprove models (scalars, flattened structs of
// scalars, pointers to scalars, __local / __shared__ arrays), local declarations,
// and source ranges. The entry point CLowering::run is here.
#include "lang/c/clang_lowering.h"

#include <clang/Lex/Lexer.h>

namespace kprove::lang::clower {

void CLowering::run() {
  // Functions the file defines: a call of one in an annotation is the user's, even if
  // it is spelled like a builtin.
  for (clang::Decl *d : fileDecls())
    if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d);
        fd && fd->doesThisDeclarationHaveABody() && inMainFile(fd->getLocation()))
      mainFunctions_.insert(fd->getNameAsString());
  findOffsetParams();
  findPureFunctions(); // pure_functions.cpp
  for (clang::Decl *d : fileDecls())
    topLevel(d);
  for (Annotation &a : annotations_)
    if (!a.used && !ghostDeclarations(a))
      unusedAnnotation(a);
  addFloatFunctions();
}

SourceRange CLowering::range(clang::SourceRange r) const {
  if (!inMainFile(r.getBegin()))
    return {{file_, 0}, {file_, 0}};
  // An expression written inside one argument of a macro call is shown where it is
  // written (the array `a` of `TILE(a, i, j)`).
  clang::SourceLocation b = r.getBegin(), e = r.getEnd();
  if (b.isMacroID() && e.isMacroID() && csm_.isMacroArgExpansion(b) &&
      csm_.isMacroArgExpansion(e)) {
    clang::SourceLocation sb = csm_.getSpellingLoc(b), se = csm_.getSpellingLoc(e);
    if (csm_.isWrittenInMainFile(sb) && csm_.isWrittenInMainFile(se) &&
        csm_.getFileID(sb) == csm_.getFileID(se) &&
        csm_.getFileOffset(sb) <= csm_.getFileOffset(se)) {
      uint32_t end =
          csm_.getFileOffset(se) + clang::Lexer::MeasureTokenLength(se, csm_, ctx_.getLangOpts());
      return {{file_, csm_.getFileOffset(sb)}, {file_, end}};
    }
  }
  // The end of a function-like macro's invocation is its `)`: a message then shows
  // `TILE(a, i, j)` as written, not the macro's name alone.
  e = csm_.getExpansionRange(e).getEnd();
  uint32_t end = offset(e) + clang::Lexer::MeasureTokenLength(e, csm_, ctx_.getLangOpts());
  return {{file_, offset(r.getBegin())}, {file_, std::max(end, offset(r.getBegin()))}};
}

// Statements: Clang finds a binary operator's start by walking down its left
// operands, which is quadratic over a long chain `a + a + ... + a`; memoised.
SourceRange CLowering::stmtRange(const clang::Stmt *s) const {
  return range(clang::SourceRange(beginOf(s), s->getEndLoc()));
}

clang::SourceLocation CLowering::beginOf(const clang::Stmt *s) const {
  auto *bo = llvm::dyn_cast<clang::BinaryOperator>(s);
  if (!bo)
    return s->getBeginLoc();
  if (auto it = begins_.find(bo); it != begins_.end())
    return it->second;
  // Iteratively down the left spine, then memoise every node on it.
  std::vector<const clang::BinaryOperator *> spine{bo};
  while (auto *l = llvm::dyn_cast<clang::BinaryOperator>(spine.back()->getLHS()))
    spine.push_back(l);
  clang::SourceLocation loc = spine.back()->getLHS()->getBeginLoc();
  for (const clang::BinaryOperator *n : spine)
    begins_[n] = loc;
  return loc;
}

// The file's declarations, those inside `extern "C" { ... }` (CUDA) in place.
std::vector<clang::Decl *> CLowering::fileDecls() const {
  std::vector<clang::Decl *> out;
  std::function<void(clang::DeclContext *)> walk = [&](clang::DeclContext *dc) {
    for (clang::Decl *d : dc->decls()) {
      if (auto *ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d))
        walk(ls);
      else
        out.push_back(d);
    }
  };
  walk(ctx_.getTranslationUnitDecl());
  return out;
}

void CLowering::topLevel(clang::Decl *d) {
  if (!inMainFile(d->getLocation()))
    return;
  if (auto *fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
    // Clang declares a builtin (`__builtin_inff`) implicitly where it is first used:
    // a builtin, not a function of the file.
    if (fd->isImplicit() && fd->getBuiltinID() != 0)
      return;
    function(fd);
    return;
  }
  // Names only (`namespace cg = cooperative_groups;` in CUDA): no effect of their own.
  if (llvm::isa<clang::TypedefNameDecl, clang::EmptyDecl, clang::RecordDecl, clang::EnumDecl,
                clang::NamespaceAliasDecl, clang::UsingDirectiveDecl>(d))
    return;
  if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d)) {
    if (fileScopeConstant(vd)) // lower_arrays.cpp
      return;
    // A variable no function of the file names (a host variable in a CUDA file, a
    // sampler no kernel uses) has no effect on any kernel.
    if (!vd->isReferenced())
      return;
    unsupported(range(vd), "file-scope variable '" + vd->getNameAsString() + "'");
    return;
  }
  unsupported(range(d), std::string("this declaration (") + d->getDeclKindName() + ")");
}

void CLowering::function(clang::FunctionDecl *fd) {
  if (!fd->doesThisDeclarationHaveABody()) {
    // A prototype: its definition (if any) carries the contract.
    if (fd->getDefinition())
      return;
  }
  uint32_t at = offset(fd->getSourceRange().getBegin());
  // A definition without an annotation of its own takes its prototype's (C puts the
  // interface on the declaration), the latest annotated one.
  if (fd->doesThisDeclarationHaveABody() && !annotationBefore(at))
    for (const clang::FunctionDecl *p = fd->getPreviousDecl(); p; p = p->getPreviousDecl())
      if (inMainFile(p->getLocation()) &&
          annotationBefore(offset(p->getSourceRange().getBegin()))) {
        at = offset(p->getSourceRange().getBegin());
        break;
      }
  lookalikeContract(fd, at);
  if (isKernel(fd))
    kernel(fd, at);
  else
    helper(fd, at);
}

// A scalar type kprove models, or nullopt (and a diagnostic).
std::optional<Type> CLowering::scalarType(clang::QualType t, SourceRange where,
                                          const std::string &what) {
  clang::QualType c = t.getCanonicalType();
  if (c->isBooleanType())
    return Type::Bool;
  if (c->isIntegerType() || c->isEnumeralType())
    return Type::Int;
  if (c->isRealFloatingType())
    return Type::Int; // opaque values (see docs/language.md, "Floating point")
  unsupported(where, what + " of type '" + t.getAsString() + "'");
  return std::nullopt;
}

ir::MemorySpace CLowering::spaceOf(clang::QualType pointee) const {
  switch (pointee.getAddressSpace()) {
  case clang::LangAS::opencl_local:
  case clang::LangAS::cuda_shared:
    return ir::MemorySpace::Local;
  case clang::LangAS::opencl_constant:
  case clang::LangAS::cuda_constant:
    return ir::MemorySpace::Constant;
  default:
    return ir::MemorySpace::Global;
  }
}

// A parameter's IR parameters: one, or one per field of a struct of scalars.
std::vector<ir::Param> CLowering::params(const clang::ParmVarDecl *p,
                                         std::vector<ir::MemorySpace> &spaces) {
  if (std::vector<ir::Param> out; aggregateParams(p, out, spaces))
    return out;
  ir::Param ip;
  ir::MemorySpace space;
  if (!param(p, ip, space))
    return {};
  spaces.push_back(space);
  return {ip};
}

bool CLowering::param(const clang::ParmVarDecl *p, ir::Param &out, ir::MemorySpace &space) {
  SourceRange r = range(p);
  out.name = p->getNameAsString();
  out.range = r;
  if (out.name.empty()) // `void f(int)`: the body cannot read it; a name no C name clashes with
    out.name = "$param" + std::to_string(p->getFunctionScopeIndex());
  clang::QualType t = p->getType().getCanonicalType();
  if (t->isPointerType()) {
    clang::QualType pointee = t->getPointeeType();
    if (pointee->isFunctionType()) { // its function's number (lower_function_pointer.cpp)
      out.type = Type::Int;
      space = ir::MemorySpace::Global;
      return true;
    }
    if (!(isIntLike(pointee) || isFloat(pointee) || pointee->isBooleanType())) {
      unsupported(r, "pointer parameter '" + out.name + "' to '" + pointee.getAsString() +
                         "' (only pointers to int-like and floating-point scalars)");
      return false;
    }
    out.type = Type::IntArray;
    out.cint = cintOf(pointee);
    space = spaceOf(pointee);
    if (dialect_ == CDialect::Cuda && space == ir::MemorySpace::Global &&
        pointee.getAddressSpace() != clang::LangAS::Default)
      space = spaceOf(pointee);
    if (isFloat(pointee))
      floatNames_.insert(out.name);
    return true;
  }
  auto st = scalarType(p->getType(), r, "parameter '" + out.name + "'");
  if (!st)
    return false;
  if (isFloat(p->getType()))
    floatNames_.insert(out.name);
  out.type = *st;
  out.cint = cintOf(p->getType());
  space = ir::MemorySpace::Global;
  return true;
}

// The C names a function's parameters declare: annotations mean them, not builtins.
void CLowering::enterFunction(const clang::FunctionDecl *fd) {
  userNames_.clear();
  ghostVars_.clear();
  pointerVars_.clear();
  badPointers_.clear();
  aggregateNames_.clear();
  for (unsigned i = 0; i < fd->getNumParams(); ++i) {
    const clang::ParmVarDecl *p = fd->getParamDecl(i);
    clang::QualType t = p->getType().getCanonicalType();
    bool dataPointer = t->isPointerType() && !isFunctionPointer(t); // a function's is a number
    userNames_.push_back({p->getNameAsString(), cintOf(dataPointer ? t->getPointeeType() : t),
                          dataPointer, dataPointer && t->getPointeeType()->isBooleanType()});
    if (isAggregate(t->isPointerType() ? t->getPointeeType() : t))
      declareAggregate(p->getNameAsString(), t->isPointerType() ? t->getPointeeType() : t,
                       t->isPointerType());
    if (!isKernel(fd) && takesOffset(fd, i)) {
      // Passed offset pointers: p[i] is p[p$off + i] (lower_pointer.cpp).
      std::string name = p->getNameAsString();
      pointerVars_[p] = PointerVar{p, name, name + "$off"};
      userNames_.back().pointer = p;
    }
  }
  returnCint_ = cintOf(fd->getReturnType());
  collectArrayShapes(fd);
  classifyPointers(fd); // lower_pointer_dynamic.cpp
  contractPointerVars_ = pointerVars_;
  entryDecls_.clear();
  assignedParamDecls(fd, entryDecls_);
  collectGotos(fd); // lower_goto.cpp
  asyncBegin(fd);   // lower_async_copy.cpp
}

void CLowering::kernel(clang::FunctionDecl *fd, uint32_t at) {
  enterFunction(fd);
  ir::GpuKernel k;
  k.cuda = dialect_ == CDialect::Cuda;
  k.name = fd->getNameAsString();
  k.range = range(fd);
  k.nameRange = range(clang::SourceRange(fd->getLocation(), fd->getLocation()));
  {
    ContractPointers asPassed(*this);
    k.contract = contractBefore(at,
                                {ir::ClauseKind::Requires, ir::ClauseKind::Ensures,
                                 ir::ClauseKind::Context, ir::ClauseKind::ContextEverywhere},
                                "before a kernel");
  }
  // context_everywhere F: a context clause, first (the others may read what it
  // frames), and an invariant of every loop of the body (VerCors's meaning).
  std::stable_partition(k.contract.begin(), k.contract.end(), [](const ir::Clause &c) {
    return c.kind == ir::ClauseKind::ContextEverywhere;
  });
  for (ir::Clause &c : k.contract)
    if (c.kind == ir::ClauseKind::ContextEverywhere) {
      k.everywhere.push_back(c.expr);
      c.kind = ir::ClauseKind::Context;
    }
  rejectPrivateArraysIn(k.contract, "a kernel's contract");
  floatNames_.clear();
  std::vector<ir::MemorySpace> spaces;
  std::vector<ir::Param> all;
  for (const clang::ParmVarDecl *p : fd->parameters())
    for (ir::Param &ip : params(p, spaces))
      all.push_back(ip);
  addAggregateRequires(k.contract);
  for (size_t i = 0; i < all.size(); ++i) {
    const ir::Param &ip = all[i];
    ir::MemorySpace space = spaces[i];
    if (ip.type == Type::IntArray && space == ir::MemorySpace::Local) {
      // Dynamic local memory: its length is \shared_mem_size(name).
      ir::KernelArray a;
      a.space = space;
      a.name = ip.name;
      a.range = ip.range;
      a.length = ir::makeVar("$smem_" + ip.name, ip.range);
      a.cint = ip.cint;
      k.locals.push_back(a);
      continue;
    }
    k.params.push_back(ip);
    k.spaces.push_back(space);
  }
  if (fd->getReturnType().getCanonicalType()->isVoidType() == false)
    typeError(k.nameRange, "a kernel must return void");
  locals_ = &k.locals;
  inKernel_ = true;
  constantFacts_.clear();
  kernelConstants(fd, k.locals);
  if (auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody())) {
    gpuVerifyContractBegin(body);
    k.body = compound(body);
    k.body.insert(k.body.begin(), entryDecls_.begin(), entryDecls_.end());
    k.body.insert(k.body.begin(), constantFacts_.begin(), constantFacts_.end());
    gpuVerifyContractEnd(k.contract);
    rejectConstantWrites(k.body);
    k.endRange = range(clang::SourceRange(body->getRBracLoc(), body->getRBracLoc()));
  }
  locals_ = nullptr;
  inKernel_ = false;
  checkFunctionSpecs();
  out_.gpuKernels.push_back(std::move(k));
}

void CLowering::helper(clang::FunctionDecl *fd, uint32_t at) {
  enterFunction(fd);
  ir::Method m;
  m.name = fd->getNameAsString();
  m.range = range(fd);
  m.nameRange = range(clang::SourceRange(fd->getLocation(), fd->getLocation()));
  SpecComment ghost;
  {
    ContractPointers asPassed(*this);
    m.contract =
        contractBefore(at,
                       {ir::ClauseKind::Requires, ir::ClauseKind::Ensures, ir::ClauseKind::Context,
                        ir::ClauseKind::ContextEverywhere, ir::ClauseKind::Decreases},
                       "before a function", &ghost);
  }
  m.yields = ghost.yields;
  for (const ir::Param &y : m.yields)
    ghostVars_.insert(y.name);
  bool userContract = !m.contract.empty();
  floatNames_.clear();
  std::vector<ir::MemorySpace> spaces;
  for (unsigned i = 0; i < fd->getNumParams(); ++i) {
    const clang::ParmVarDecl *p = fd->getParamDecl(i);
    for (ir::Param &ip : params(p, spaces))
      m.params.push_back(ip);
    if (takesOffset(fd, i)) {
      // C: a pointer points into its array or one past it. Callers prove it, the
      // helper knows it (its \pointer_length(p) is the length from p on).
      std::string name = p->getNameAsString();
      SourceRange r = range(p);
      m.params.push_back({Type::Int, name + "$off", r, {}});
      auto length = std::make_shared<ir::Expr>();
      length->kind = ExprKind::Length;
      length->range = r;
      length->args = {ir::makeVar(name, r)};
      auto null = std::make_shared<ir::Expr>();
      null->kind = ExprKind::NullLit;
      null->range = r;
      ExprPtr off = ir::makeVar(name + "$off", r);
      ExprPtr inArray = ir::makeBinary(
          ir::BinOp::And, ir::makeBinary(ir::BinOp::Ne, ir::makeVar(name, r), null, r),
          ir::makeBinary(ir::BinOp::And, ir::makeBinary(ir::BinOp::Le, ir::makeInt(0, r), off, r),
                         ir::makeBinary(ir::BinOp::Le, off, length, r), r),
          r);
      m.contract.insert(m.contract.begin(),
                        ir::Clause{ir::ClauseKind::Requires, inArray, r, /*generated=*/true});
    }
  }
  m.params.insert(m.params.end(), ghost.given.begin(), ghost.given.end());
  addAggregateRequires(m.contract);
  clang::QualType rt = fd->getReturnType();
  if (isAggregate(rt)) {
    aggregateResultMethods(fd, std::move(m)); // lower_aggregate.cpp
    checkFunctionSpecs();
    return;
  }
  bool returnsPointer = rt->isPointerType() && !isFunctionPointer(rt);
  m.returnCint = cintOf(rt);
  if (rt.getCanonicalType()->isVoidType()) {
    m.returnType = Type::Void;
  } else if (returnsPointer) {
    // Its array; the offset goes with each return (lower_pointer.cpp, pointerCallValue).
    clang::QualType pointee = rt->getPointeeType();
    if (!(isIntLike(pointee) || isFloat(pointee) || pointee->isBooleanType())) {
      unsupported(m.nameRange, "function '" + m.name + "' returning a pointer to '" +
                                   pointee.getAsString() +
                                   "' (only pointers to int-like and floating-point scalars)");
      return;
    }
    m.returnType = Type::IntArray;
    m.returnCint = {}; // a reference, not a C integer
  } else if (auto t = scalarType(rt, m.nameRange, "function '" + m.name + "' returning a value")) {
    m.returnType = *t;
  }
  if (namesFileMemory(fd->getBody()))
    return; // reported
  if (ghost.pure) {
    pureHelper(fd, std::move(m)); // pure_functions.cpp
    return;
  }
  if (auto *body = llvm::dyn_cast_or_null<clang::CompoundStmt>(fd->getBody())) {
    gpuVerifyContractBegin(body);
    m.body = compound(body);
    m.body->insert(m.body->begin(), entryDecls_.begin(), entryDecls_.end());
    size_t before = m.contract.size();
    gpuVerifyContractEnd(m.contract);
    userContract |= m.contract.size() != before;
  }
  if (returnsPointer && userContract) {
    // Its contract could not say where the pointer points (C's \result would be only its
    // array); without one it is inlined at each call, offset and all.
    unsupported(m.nameRange, "a contract on function '" + m.name +
                                 "', which returns a pointer (kprove inlines such a function at "
                                 "its calls; remove the contract)");
    return;
  }
  checkFunctionSpecs();
  out_.methods.push_back(std::move(m));
}

// Constant and __device__ memory are arrays of each kernel (kernelConstants), which a
// helper function, lowered on its own, does not have: naming one there is
// unsupported (at the first use).
bool CLowering::namesFileMemory(const clang::Stmt *s) {
  if (!s)
    return false;
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
    auto *vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
    auto named = [&](const std::vector<const clang::VarDecl *> &vs) {
      return vd && std::find(vs.begin(), vs.end(), vd) != vs.end();
    };
    if (named(fileConstants_) || named(fileDevices_)) {
      unsupported(range(dr), "the file-scope variable '" + vd->getNameAsString() +
                                 "' in a function that is not a kernel (only kernels name "
                                 "constant and __device__ memory)");
      return true;
    }
  }
  for (const clang::Stmt *c : s->children())
    if (namesFileMemory(c))
      return true;
  return false;
}

void CLowering::localDecl(const clang::Decl *d, std::vector<StmtPtr> &out) {
  auto *vd = llvm::dyn_cast<clang::VarDecl>(d);
  SourceRange r = range(d);
  if (!vd) {
    if (llvm::isa<clang::TypedefNameDecl, clang::RecordDecl, clang::EnumDecl>(d))
      return;
    unsupported(r, std::string("the local declaration ") + d->getDeclKindName());
    return;
  }
  if (groupHandleDecl(vd) || eventDecl(vd, out)) // lower_builtin_calls.cpp, lower_async_copy.cpp
    return;
  std::string name = vd->getNameAsString();
  if (ghostVars_.count(name))
    typeError(r, "'" + name + "' is the name of a ghost variable or yields parameter");
  clang::QualType t = vd->getType();
  // In scope until the end of the enclosing block.
  const clang::ArrayType *arrayType = ctx_.getAsArrayType(t);
  bool local = isSharedDecl(vd);
  // A shared scalar is a one-cell array (lower_arrays.cpp).
  bool cells = arrayType != nullptr || t->isPointerType() || local;
  clang::QualType cellType = arrayType            ? ctx_.getBaseElementType(t)
                             : t->isPointerType() ? t->getPointeeType()
                                                  : t;
  userNames_.push_back({name, cintOf(arrayType ? arrayType->getElementType() : t), cells,
                        cells && cellType->isBooleanType()});
  if ((local && !t->isIncompleteArrayType()) || ctx_.getAsConstantArrayType(t)) {
    arrayDecl(vd, r, local, out); // lower_arrays.cpp
    return;
  }
  if (local && t->isIncompleteArrayType() && inKernel_ && locals_) {
    // `extern __shared__ int s[];`: dynamic shared memory of \shared_mem_size(s) cells.
    ir::KernelArray a;
    a.space = ir::MemorySpace::Local;
    a.name = name;
    a.range = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
    a.length = ir::makeVar("$smem_" + name, a.range);
    if (const clang::ArrayType *at = ctx_.getAsArrayType(t))
      a.cint = cintOf(at->getElementType());
    for (const ir::KernelArray &o : *locals_) {
      if (o.name == name) {
        unsupported(r, "two local arrays named '" + name + "'");
        return;
      }
      // Every `extern __shared__` array of a CUDA kernel starts at the one base
      // address of the block's dynamic shared memory: two of them alias, which
      // separate local arrays would not model.
      if (dialect_ == CDialect::Cuda && o.length && o.length->kind == ir::ExprKind::Var &&
          o.length->name.rfind("$smem_", 0) == 0) {
        unsupported(r, "a second extern __shared__ array '" + name + "' (after '" +
                           ir::sourceName(o.name) +
                           "'): all of a kernel's extern __shared__ arrays share one buffer, "
                           "which kprove does not model; declare one and index into it");
        return;
      }
    }
    locals_->push_back(a);
    return;
  }
  if (vd->isStaticLocal() || vd->hasExternalStorage()) {
    unsupported(r, "static or extern local variable '" + name + "'");
    return;
  }
  if (t->isPointerType()) {
    pointerDecl(vd, out);
    return;
  }
  if (addressedScalars_.count(vd)) {
    addressedScalarDecl(vd, r, out); // lower_pointer_dynamic.cpp
    return;
  }
  if (isAggregate(t)) {
    if (auto fields = scalarFields(t))
      structDecl(vd, *fields, out);
    else
      unsupported(r, "variable '" + name + "': " + aggregateProblem(t));
    return;
  }
  auto st = scalarType(t, r, "variable '" + name + "'");
  if (!st) {
    rejectBuiltinCallsIn(vd->getInit());
    return;
  }
  if (isFloat(t))
    floatNames_.insert(name);
  auto s = newStmt(StmtKind::VarDecl, r);
  s->name = name;
  s->nameRange = range(clang::SourceRange(vd->getLocation(), vd->getLocation()));
  s->declType = *st;
  s->cint = cintOf(t);
  if (vd->getInit() && refersTo(vd->getInit(), vd)) {
    // C's scope of `x` starts at its declarator: `int x = x + 1;` reads the new,
    // indeterminate x, not an outer one (undefined behaviour; never a proof).
    unsupported(range(vd->getInit()),
                "'" + name + "' is read in its own initialiser (its value is indeterminate)");
    return;
  }
  if (const clang::Expr *init = vd->getInit()) {
    if (const clang::CallExpr *c = callNeedingStatement(init)) {
      out.push_back(s);
      ir::IntType from = cintOf(c->getType());
      if (from == s->cint) {
        call(c, ir::makeVar(name, s->nameRange), out);
        return;
      }
      // Into a temporary of the call's type, then converted to the variable's.
      auto tmp = newStmt(StmtKind::VarDecl, r);
      tmp->name = freshTemp();
      tmp->declType = *st;
      tmp->cint = from;
      out.push_back(tmp);
      call(c, ir::makeVar(tmp->name, r), out);
      auto set = newStmt(StmtKind::Assign, r);
      set->target = ir::makeVar(name, s->nameRange);
      set->value = convertInt(typed(ir::makeVar(tmp->name, r), from), s->cint, r);
      out.push_back(set);
      return;
    }
    std::vector<StmtPtr> pre;
    s->value = convertTo(init, *st, pre);
    out.insert(out.end(), pre.begin(), pre.end());
  }
  out.push_back(s);
}

bool CLowering::refersTo(const clang::Stmt *s, const clang::VarDecl *vd) {
  if (!s)
    return false;
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(s); dr && dr->getDecl() == vd)
    return true;
  for (const clang::Stmt *child : s->children())
    if (refersTo(child, vd))
      return true;
  return false;
}

// Abstract pure functions for floating-point operations and unmodelled builtins.
void CLowering::addFloatFunctions() {
  for (const auto &[name, sig] : floatFns_) {
    ir::Method m;
    m.name = name;
    m.pure = true;
    m.returnType = sig.second ? Type::Bool : Type::Int;
    for (size_t i = 0; i < sig.first; ++i)
      m.params.push_back({Type::Int, "x" + std::to_string(i), {}});
    out_.methods.push_back(std::move(m));
  }
  for (ir::GpuKernel &k : out_.gpuKernels) {
    k.atomicArrays.assign(atomics_.begin(), atomics_.end());
    // An atomic through an array chosen at run time may be on any array.
    if (atomicThroughDynamic_) {
      for (const ir::Param &p : k.params)
        if (p.type == Type::IntArray)
          k.atomicArrays.push_back(p.name);
      for (const ir::KernelArray &a : k.locals)
        k.atomicArrays.push_back(a.name);
    }
  }
}

} // namespace kprove::lang::clower
