// Statements: blocks, declarations, if, loops (with their invariants), return,
// expression statements with side effects, barriers (with their contracts and
// fences), calls of helper functions and atomics. Unmodelled statements are
// `unsupported`, naming the construct.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

std::vector<StmtPtr> CLowering::compound(const clang::CompoundStmt *cs) {
  std::vector<StmtPtr> out;
  size_t scope = userNames_.size(); // the block's declarations end with it
  uint32_t from = offset(cs->getLBracLoc());
  gotoBlockBegin(cs, out); // lower_goto.cpp
  std::vector<StmtPtr> *cur = &out;
  for (const clang::Stmt *s : cs->body()) {
    if (auto *l = llvm::dyn_cast<clang::LabelStmt>(s)) {
      gotoLabelReached(cs, l, cur);
      s = l->getSubStmt();
    }
    sequenceItem(s, from, *cur);
    afterGotoExit(cs, s, cur);
  }
  annotationStatements(from, offset(cs->getRBracLoc()), *cur);
  barrierInvariantsUnclaimed(); // none may end a block
  gotoBlockEnd(cs);
  userNames_.resize(scope);
  return out;
}

void CLowering::sequenceItem(const clang::Stmt *s, uint32_t &from, std::vector<StmtPtr> &out) {
  uint32_t b = offset(s->getBeginLoc());
  Annotation *attached = annotationBefore(b);
  // A contract right before a barrier or loop belongs to it; others are statements.
  bool takesContract =
      llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(s) || isBarrierCall(s);
  if (attached && takesContract)
    attached->used = true; // claimed below by the statement itself
  annotationStatements(from, b, out);
  if (attached && takesContract)
    attached->used = false;
  stmt(s, out);
  from = range(s).end.offset;
}

std::vector<StmtPtr> CLowering::body(const clang::Stmt *s) {
  std::vector<StmtPtr> out;
  if (auto *cs = llvm::dyn_cast<clang::CompoundStmt>(s))
    return compound(cs);
  stmt(s, out);
  barrierInvariantsUnclaimed(); // a body of one statement ends there too
  return out;
}

const clang::CallExpr *CLowering::asCall(const clang::Stmt *s) const {
  if (auto *e = llvm::dyn_cast<clang::Expr>(s))
    return llvm::dyn_cast<clang::CallExpr>(e->IgnoreParenImpCasts());
  return nullptr;
}

std::string CLowering::calleeName(const clang::CallExpr *c) const {
  if (const clang::FunctionDecl *f = c->getDirectCallee())
    return f->getNameAsString();
  return {};
}

// A builtin: declared outside the main file (Clang's OpenCL builtins, the prelude),
// and not defined in it. A function the file defines is the user's, whatever its
// name (CUDA may define `int get_local_id(int)`; the prelude only declares `min`).
bool CLowering::isBuiltin(const clang::CallExpr *c) const {
  const clang::FunctionDecl *f = c->getDirectCallee();
  if (!f)
    return false;
  if (const clang::FunctionDecl *def = f->getDefinition(); def && inMainFile(def->getLocation()))
    return false;
  // Clang declares OpenCL builtins on first use, implicitly, at the call's location.
  const clang::FunctionDecl *first = f->getFirstDecl();
  return f->isImplicit() || first->isImplicit() || f->getBuiltinID() != 0 ||
         !inMainFile(first->getLocation());
}

// The builtin's name as the table spells it: qualified inside namespaces and classes
// (cooperative_groups::this_grid), plain otherwise.
std::string CLowering::builtinName(const clang::CallExpr *c) const {
  const clang::FunctionDecl *f = c->getDirectCallee();
  if (!f)
    return {};
  if (f->getDeclContext()->isTranslationUnit() || f->getDeclContext()->isExternCContext())
    return f->getNameAsString();
  // Cooperative groups' sync(g) / synchronize(g) mean different things for a thread
  // block and a grid: the grid overloads are named with their parameter.
  std::string q = f->getQualifiedNameAsString();
  if (q.rfind("cooperative_groups::", 0) == 0 && f->getNumParams() == 1)
    if (const clang::CXXRecordDecl *rd =
            f->getParamDecl(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
        rd && rd->getName() == "grid_group")
      q += "(grid_group)";
  return q;
}

// The table entry of a builtin call, or null when kprove does not model it.
const Builtin *CLowering::builtinOf(const clang::CallExpr *c) const {
  const Builtin *b = findBuiltin(builtinName(c), dialect_);
  return b && b->kind != BuiltinKind::Rejected ? b : nullptr;
}

void CLowering::rejectBuiltin(SourceRange r, const std::string &name) {
  const Builtin *b = findBuiltin(name, dialect_);
  std::string why = b ? std::string(b->model) : "kprove has no model of it";
  diags_.error(DiagCode::Unsupported, r, "unsupported builtin '" + name + "' (" + why + ")");
}

// Every call of an unmodelled builtin inside `s` (an initialiser kprove rejects for
// its type, the object of a member call), so the builtin is named, not only the type.
void CLowering::rejectBuiltinCallsIn(const clang::Stmt *s) {
  if (!s)
    return;
  if (auto *c = llvm::dyn_cast<clang::CallExpr>(s); c && isBuiltin(c) && !builtinOf(c))
    rejectBuiltin(range(c), builtinName(c));
  for (const clang::Stmt *child : s->children())
    rejectBuiltinCallsIn(child);
}

bool CLowering::isBarrierCall(const clang::Stmt *s) const {
  const clang::CallExpr *c = asCall(s);
  if (!c || !isBuiltin(c))
    return false;
  const Builtin *b = builtinOf(c);
  return b && b->kind == BuiltinKind::Barrier;
}

void CLowering::stmt(const clang::Stmt *s, std::vector<StmtPtr> &out) {
  SourceRange r = range(s);
  if (!llvm::isa<clang::NullStmt>(s) && !isBarrierCall(s) && !isBarrierInvariant(s))
    barrierInvariantsUnclaimed();
  if (auto *cs = llvm::dyn_cast<clang::CompoundStmt>(s)) {
    auto b = newStmt(StmtKind::Block, r);
    b->body = compound(cs);
    out.push_back(b);
    return;
  }
  if (llvm::isa<clang::NullStmt>(s))
    return;
  if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s)) {
    for (const clang::Decl *d : ds->decls())
      localDecl(d, out);
    return;
  }
  if (gpuVerifyStatement(s, out))
    return;
  if (isBarrierCall(s)) {
    barrier(asCall(s), out);
    return;
  }
  if (auto *is = llvm::dyn_cast<clang::IfStmt>(s)) {
    if (is->getInit() || is->getConditionVariable()) {
      unsupported(r, "declarations in an if condition");
      return;
    }
    std::vector<StmtPtr> pre;
    ExprPtr c = cond(is->getCond(), pre);
    out.insert(out.end(), pre.begin(), pre.end());
    auto st = newStmt(StmtKind::If, r);
    st->cond = c;
    st->body = body(is->getThen());
    if (is->getElse())
      st->elseBody = body(is->getElse());
    out.push_back(st);
    return;
  }
  if (auto *fs = llvm::dyn_cast<clang::ForStmt>(s)) {
    if (iterationContract(fs, out))
      return;
    // for (init; c; inc) S  ==  { init; while (c) { S inc } }: a variable the init
    // declares is the loop's, so sibling loops may each declare their own `i`. The
    // loop's annotation belongs to the while (loopClauses before lowering init).
    typeSpecsNow_ = false;
    auto clauses = loopClauses(s);
    typeSpecsNow_ = true;
    size_t scope = userNames_.size();
    std::vector<StmtPtr> *into = &out;
    StmtPtr block;
    if (fs->getInit() && llvm::isa<clang::DeclStmt>(fs->getInit())) {
      block = newStmt(StmtKind::Block, r);
      into = &block->body;
    }
    if (fs->getInit())
      stmt(fs->getInit(), *into);
    for (ir::Clause &c : clauses) // the init's variables are in scope now
      typeSpecClause(c.expr);
    auto w = newStmt(StmtKind::While, r);
    w->clauses = clauses;
    std::vector<StmtPtr> head;
    if (fs->getCond()) {
      w->cond = loopCondition(fs->getCond(), w->clauses, head);
    } else {
      w->cond = ir::makeBool(true, r);
      w->clauses.insert(w->clauses.end(), gvFunctionWide_.begin(), gvFunctionWide_.end());
    }
    w->body = head;
    for (StmtPtr &st : loopBody(fs->getBody(), fs->getInc()))
      w->body.push_back(st);
    if (fs->getInc())
      effect(fs->getInc(), w->body);
    into->push_back(w);
    if (block)
      out.push_back(block);
    userNames_.resize(scope);
    return;
  }
  if (auto *ws = llvm::dyn_cast<clang::WhileStmt>(s)) {
    auto w = newStmt(StmtKind::While, r);
    w->clauses = loopClauses(s);
    std::vector<StmtPtr> head;
    w->cond = loopCondition(ws->getCond(), w->clauses, head);
    w->body = head;
    for (StmtPtr &st : loopBody(ws->getBody(), nullptr))
      w->body.push_back(st);
    out.push_back(w);
    return;
  }
  if (auto *dw = llvm::dyn_cast<clang::DoStmt>(s)) {
    doWhile(dw, out);
    return;
  }
  if (auto *rs = llvm::dyn_cast<clang::ReturnStmt>(s)) {
    auto st = newStmt(StmtKind::Return, r);
    if (rs->getRetValue() && rs->getRetValue()->getType()->isPointerType() &&
        !isFunctionPointer(rs->getRetValue()->getType())) {
      // A pointer: its array is the value, its offset goes with it (lower_pointer.cpp).
      // Every local's lifetime ends with the function: a pointer into one dangles.
      if (auto targets = localTargets(rs->getRetValue()); !targets.empty()) {
        const clang::VarDecl *t = targets.front();
        unsupported(r, t->getType()->isPointerType()
                           ? "returning '" + t->getNameAsString() +
                                 "', which may point into a local of the function: it no longer "
                                 "exists when the function returns"
                           : "returning a pointer into the local '" + t->getNameAsString() +
                                 "', which no longer exists when the function returns");
        return;
      }
      std::vector<StmtPtr> pre;
      auto p = pointerValue(rs->getRetValue(), pre);
      if (!p)
        return;
      out.insert(out.end(), pre.begin(), pre.end());
      st->value = ir::makeVar(p->baseName, range(rs->getRetValue()));
      st->pointerOffset = p->offset ? p->offset : ir::makeInt(0, r);
    } else if (rs->getRetValue()) {
      std::vector<StmtPtr> pre;
      // Clang converted it to the return type; a comparison returned as int is 0 or 1.
      st->value = convertTo(rs->getRetValue(), irType(rs->getRetValue()->getType()), pre);
      out.insert(out.end(), pre.begin(), pre.end());
    }
    out.push_back(st);
    return;
  }
  if (llvm::isa<clang::BreakStmt, clang::ContinueStmt>(s)) {
    jump(s, out);
    return;
  }
  if (auto *ss = llvm::dyn_cast<clang::SwitchStmt>(s)) {
    switchStmt(ss, out);
    return;
  }
  if (llvm::isa<clang::SwitchCase>(s)) {
    unsupported(r, "a 'case' or 'default' label inside another statement of its switch "
                   "(such as Duff's device)");
    return;
  }
  if (auto *g = llvm::dyn_cast<clang::GotoStmt>(s)) {
    gotoStmt(g, out); // lower_goto.cpp
    return;
  }
  if (auto *l = llvm::dyn_cast<clang::LabelStmt>(s)) {
    if (gotoLabels_.count(l)) {
      unsupported(r, "this label, a goto's target, other than as a statement of a block");
      return;
    }
    stmt(l->getSubStmt(), out); // a label no goto jumps to
    return;
  }
  if (llvm::isa<clang::IndirectGotoStmt>(s)) {
    unsupported(r, "a computed goto");
    return;
  }
  if (auto *e = llvm::dyn_cast<clang::Expr>(s)) {
    effect(e, out);
    return;
  }
  unsupported(r, std::string("the statement ") + s->getStmtClassName());
}

// A loop condition with calls (hoisted into statements) becomes the start of each
// iteration: `while (true) { calls; if (!c) break; body }`, so the calls run before
// every test, the invariant holds before them (GPUVerify's loop head) and a
// continue reaches them. `head` receives those statements; the test is then true.
// GPUVerify's invariants before it (`__invariant(e), c`) join the loop's clauses.
ExprPtr CLowering::loopCondition(const clang::Expr *c, std::vector<ir::Clause> &clauses,
                                 std::vector<StmtPtr> &head) {
  c = gpuVerifyLoopHead(c, clauses);
  clauses.insert(clauses.end(), gvFunctionWide_.begin(), gvFunctionWide_.end());
  std::vector<StmtPtr> pre;
  ExprPtr e = cond(c, pre);
  if (pre.empty() || !e)
    return e;
  SourceRange r = range(c);
  head = pre;
  auto exit = newStmt(StmtKind::If, r);
  exit->cond = ir::makeUnary(ir::UnOp::Not, e, r);
  exit->body.push_back(newStmt(StmtKind::Break, r));
  head.push_back(exit);
  return ir::makeBool(true, r);
}

std::vector<ir::Clause> CLowering::loopClauses(const clang::Stmt *s) {
  auto clauses = contractBefore(offset(s->getBeginLoc()), {ir::ClauseKind::LoopInvariant},
                                "before a loop (only loop_invariant)");
  gotoInvariants(s, clauses); // lower_goto.cpp
  return clauses;
}

void CLowering::barrier(const clang::CallExpr *c, std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  auto b = newStmt(StmtKind::Barrier, r);
  b->clauses =
      contractBefore(offset(c->getBeginLoc()),
                     {ir::ClauseKind::Requires, ir::ClauseKind::Ensures, ir::ClauseKind::Context},
                     "before a barrier");
  rejectPrivateArraysIn(b->clauses, "a barrier's contract");
  // GPUVerify's barrier invariants before it, after the contract's own clauses (whose
  // permissions frame them).
  b->clauses.insert(b->clauses.end(), gvBarrierInvariants_.begin(), gvBarrierInvariants_.end());
  gvBarrierInvariants_.clear();
  b->fencesGiven = true;
  std::string name = calleeName(c);
  if (dialect_ == CDialect::Cuda) { // __syncthreads(), a thread block's sync()
    b->fences.local = b->fences.global = true;
  } else {
    if (c->getNumArgs() < 1) {
      typeError(r, "barrier() needs its fence flags");
      return;
    }
    clang::Expr::EvalResult v;
    if (!c->getArg(0)->EvaluateAsInt(v, ctx_)) {
      // Flags computed at run time, perhaps different per thread: the barrier is
      // taken as the weakest it could be, one that fences no memory (it still
      // synchronises the group's execution).
      if (c->getArg(0)->HasSideEffects(ctx_, /*IncludePossibleEffects=*/false)) {
        unsupported(range(c->getArg(0)), "fence flags with side effects");
        return;
      }
      out_.remarks.push_back({DiagCode::Unsupported,
                              range(c->getArg(0)),
                              "the fence flags of this barrier are not a constant: kprove "
                              "takes it as fencing no memory (the weakest barrier they allow)",
                              {}});
      out.push_back(b);
      return;
    }
    int64_t flags = v.Val.getInt().getExtValue();
    b->fences.local = (flags & 1) != 0;  // CLK_LOCAL_MEM_FENCE
    b->fences.global = (flags & 2) != 0; // CLK_GLOBAL_MEM_FENCE
    if (flags & ~int64_t{3})
      unsupported(range(c->getArg(0)), "fence flags other than CLK_LOCAL_MEM_FENCE and "
                                       "CLK_GLOBAL_MEM_FENCE");
    if (name == "work_group_barrier" && c->getNumArgs() >= 2 && !memoryScope(c->getArg(1), *b))
      return;
  }
  out.push_back(b);
}

// The scope of work_group_barrier(flags, scope) (OpenCL 2.0 §6.13.8): the barrier
// synchronises the group's execution whatever the scope, but its fences order
// memory only for the work items of that scope. memory_scope_work_item orders
// nothing for any other work item: the barrier fences nothing. work_group, device and
// all_svm_devices include the whole group: the flags' fences. Sub-groups and unknown
// or non-constant scopes are unsupported.
bool CLowering::memoryScope(const clang::Expr *scope, ir::Stmt &b) {
  clang::Expr::EvalResult v;
  if (!scope->EvaluateAsInt(v, ctx_)) {
    unsupported(range(scope), "a memory scope that is not a constant");
    return false;
  }
  switch (v.Val.getInt().getExtValue()) {
  case 0: // memory_scope_work_item
    b.fences.local = b.fences.global = false;
    return true;
  case 1: // memory_scope_work_group
  case 2: // memory_scope_device
  case 3: // memory_scope_all_svm_devices
    return true;
  case 4: // memory_scope_sub_group
    unsupported(range(scope), "the memory scope memory_scope_sub_group (sub-groups are not "
                              "modelled)");
    return false;
  default:
    unsupported(range(scope), "this memory scope");
    return false;
  }
}

// C's conversion of an int `v` to bool (nonzero is 1), stored into `target`: a bool
// variable takes the truth value, a bool cell the int 0 or 1 (boolCellValue).
ExprPtr CLowering::boolResult(ExprPtr v, const ExprPtr &target, SourceRange r) {
  ExprPtr truth = coerce(v, Type::Int, Type::Bool, {}, r);
  return target->kind == ExprKind::Index ? coerce(truth, Type::Bool, Type::Int, {}, r) : truth;
}

const clang::CallExpr *CLowering::callNeedingStatement(const clang::Expr *e) const {
  auto *c = llvm::dyn_cast<clang::CallExpr>(e->IgnoreParenImpCasts());
  if (!c)
    return nullptr;
  if (pureFunctions_.count(calleeName(c)) && !isBuiltin(c))
    return nullptr; // a pure function's call is an expression (pure_functions.cpp)
  if (!isBuiltin(c) || isAtomic(c))
    return c;
  return nullptr;
}

bool CLowering::isAtomic(const clang::CallExpr *c) const {
  const Builtin *b = isBuiltin(c) ? builtinOf(c) : nullptr;
  return b && b->kind == BuiltinKind::Atomic;
}

void CLowering::effect(const clang::Expr *e, std::vector<StmtPtr> &out) {
  e = e->IgnoreParens();
  if (auto *cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(e)) // C++ temporaries
    e = cleanups->getSubExpr()->IgnoreParens();
  SourceRange r = range(e);
  if (auto *cast = llvm::dyn_cast<clang::CStyleCastExpr>(e))
    if (cast->getType()->isVoidType())
      return effect(cast->getSubExpr(), out);
  if (pointerUpdate(e, out) || asyncCopyEffect(e, out)) // asyncCopyEffect: lower_async_copy.cpp
    return;
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (bo->getOpcode() == clang::BO_Comma) {
      effect(bo->getLHS(), out);
      effect(bo->getRHS(), out);
      return;
    }
    if (bo->isAssignmentOp() && isStructValue(bo->getLHS())) {
      aggregateAssign(bo, out); // lower_aggregate.cpp
      return;
    }
    if (bo->isAssignmentOp()) {
      std::vector<StmtPtr> indexCalls;
      ExprPtr target =
          lvalue(bo->getLHS(), bo->getOpcode() == clang::BO_Assign ? &indexCalls : nullptr);
      if (!target)
        return;
      out.insert(out.end(), indexCalls.begin(), indexCalls.end());
      Type tt = irType(bo->getLHS()->getType());
      if (tt == Type::Bool && target->kind == ExprKind::Index)
        tt = Type::Int; // a bool cell holds 0 or 1 (boolCellValue)
      if (bo->getOpcode() == clang::BO_Assign) {
        if (const clang::CallExpr *c = callNeedingStatement(bo->getRHS())) {
          ir::IntType to = cintOf(bo->getLHS()->getType()), from = cintOf(c->getType());
          if (target->kind == ExprKind::Var && to == from) {
            call(c, target, out);
            return;
          }
          // Into a temporary of the call's type, then converted to the target's.
          std::string tmp = freshTemp();
          auto d = newStmt(StmtKind::VarDecl, r);
          d->name = tmp;
          d->declType = tt;
          d->cint = from;
          out.push_back(d);
          call(c, ir::makeVar(tmp, r), out);
          assign(target, convertInt(typed(ir::makeVar(tmp, r), from), to, r), r, out);
          return;
        }
        std::vector<StmtPtr> pre;
        ExprPtr v = convertTo(bo->getRHS(), tt, pre);
        out.insert(out.end(), pre.begin(), pre.end());
        assign(target, v, r, out);
        return;
      }
      auto *ca = llvm::cast<clang::CompoundAssignOperator>(bo);
      std::vector<StmtPtr> pre;
      ExprPtr rhs = value(ca->getRHS(), pre);
      out.insert(out.end(), pre.begin(), pre.end());
      ExprPtr cur = value(ca->getLHS(), pre);
      if (isFloat(ca->getLHS()->getType()) || isFloat(ca->getComputationResultType())) {
        // x op= y is x = (T)((C)x op y) here too: `f += d` of a float f and a double d
        // adds in double, `i += f` of an int i in float (the RHS has type C already).
        clang::QualType lt = ca->getLHS()->getType();
        if (lt->isBooleanType()) {
          unsupported(r, "a compound assignment of a floating-point value to a bool");
          return;
        }
        ExprPtr lhs = convertScalar(cur, lt, ca->getComputationLHSType(), r);
        ExprPtr v = lhs && rhs ? arith(ca->getOpcode(), lhs, rhs, ca->getComputationResultType(), r)
                               : nullptr;
        if (v)
          assign(target, convertScalar(v, ca->getComputationResultType(), lt, r), r, out);
        return;
      }
      // C: x op= y is x = (T)((C)x op y), C the type the operation is carried out in.
      if (!cur || !rhs)
        return;
      bool boolTarget = ca->getLHS()->getType()->isBooleanType();
      if (boolTarget) // a bool is the int 0 or 1 in arithmetic
        cur = coerce(cur, Type::Bool, Type::Int, {}, r);
      ExprPtr lhs = convertInt(cur, cintOf(ca->getComputationLHSType()), r);
      ExprPtr v = arith(ca->getOpcode(), lhs, rhs, ca->getComputationResultType(), r);
      if (v)
        assign(target,
               boolTarget ? boolResult(v, target, r)
                          : convertInt(v, cintOf(ca->getLHS()->getType()), r),
               r, out);
      return;
    }
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (uo->isIncrementDecrementOp() && uo->getSubExpr()->getType()->isVectorType()) {
      // OpenCL: `v++` on a vector is `v += 1`, component by component.
      auto *one = clang::IntegerLiteral::Create(
          ctx_, llvm::APInt(static_cast<unsigned>(ctx_.getIntWidth(ctx_.IntTy)), 1), ctx_.IntTy,
          uo->getExprLoc());
      auto *splat = clang::ImplicitCastExpr::Create(ctx_, uo->getSubExpr()->getType(),
                                                    clang::CK_VectorSplat, one, nullptr,
                                                    clang::VK_PRValue, clang::FPOptionsOverride());
      aggregateAssign(uo->getSubExpr(), splat, uo->isIncrementOp() ? clang::BO_Add : clang::BO_Sub,
                      r, out);
      return;
    }
    if (uo->isIncrementDecrementOp()) {
      ExprPtr target = lvalue(uo->getSubExpr());
      if (!target)
        return;
      std::vector<StmtPtr> pre;
      ExprPtr cur = value(uo->getSubExpr(), pre);
      if (isFloat(uo->getSubExpr()->getType())) {
        unsupported(r, "++/-- on a floating-point value");
        return;
      }
      // C: x++ is x = (T)((P)x + 1), P the promoted type of T.
      clang::QualType t = uo->getSubExpr()->getType();
      if (t->isBooleanType()) { // a bool is the int 0 or 1 in arithmetic
        cur = coerce(cur, Type::Bool, Type::Int, {}, r);
        t = ctx_.IntTy;
      }
      clang::QualType promoted =
          ctx_.isPromotableIntegerType(t) ? ctx_.getPromotedIntegerType(t) : t;
      ir::IntType p = cintOf(promoted);
      ExprPtr step = typed(ir::makeBinary(uo->isIncrementOp() ? ir::BinOp::Add : ir::BinOp::Sub,
                                          convertInt(cur, p, r), typed(ir::makeInt(1, r), p), r),
                           p);
      assign(target,
             uo->getSubExpr()->getType()->isBooleanType() ? boolResult(step, target, r)
                                                          : convertInt(step, cintOf(t), r),
             r, out);
      return;
    }
  }
  if (auto *c = llvm::dyn_cast<clang::CallExpr>(e)) {
    if (vectorStore(c, out)) // lower_aggregate.cpp
      return;
    call(c, nullptr, out);
    return;
  }
  // `(void)1;`: a literal, evaluated for nothing.
  if (llvm::isa<clang::IntegerLiteral, clang::CharacterLiteral, clang::FloatingLiteral>(
          e->IgnoreParenImpCasts()))
    return;
  rejectBuiltinCallsIn(e);
  unsupported(r, "an expression statement without effect or with an effect kprove does not "
                 "model");
}

void CLowering::assign(ExprPtr target, ExprPtr v, SourceRange r, std::vector<StmtPtr> &out) {
  auto s = newStmt(StmtKind::Assign, r);
  s->target = target;
  s->value = v;
  out.push_back(s);
}

// A call as a statement: a helper function, or an atomic; `target` gets the result.
void CLowering::call(const clang::CallExpr *c, ExprPtr target, std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  std::string name = calleeName(c);
  if (name.empty()) {
    functionPointerCall(c, target, out); // lower_function_pointer.cpp
    return;
  }
  if (isBuiltin(c)) {
    const Builtin *b = builtinOf(c);
    if (!b) {
      if (auto *mc = llvm::dyn_cast<clang::CXXMemberCallExpr>(c))
        rejectBuiltinCallsIn(mc->getImplicitObjectArgument());
      rejectBuiltin(r, builtinName(c));
      return;
    }
    if (builtinStatement(c, *b, target, out)) // fences: lower_builtin_calls.cpp
      return;
    if (b->kind == BuiltinKind::Atomic) {
      atomic(c, name, std::string(b->model), target, out);
      return;
    }
    if (b->kind == BuiltinKind::Barrier) {
      unsupported(r, "a barrier inside an expression");
      return;
    }
    if (target) {
      std::vector<StmtPtr> pre;
      ExprPtr v = value(c, pre);
      out.insert(out.end(), pre.begin(), pre.end());
      if (v)
        assign(target, v, r, out);
      return;
    }
    if (b->kind == BuiltinKind::OutPointer) { // its store is its effect
      std::vector<StmtPtr> pre;
      if (outPointerCall(c, pre))
        out.insert(out.end(), pre.begin(), pre.end());
      return;
    }
    if (b->kind == BuiltinKind::Generator && c->getType()->isVoidType()) { // curand_init
      std::vector<StmtPtr> pre;
      if (generatorCall(c, nullptr, pre))
        out.insert(out.end(), pre.begin(), pre.end());
      return;
    }
    unsupported(r, "a call of the builtin '" + name + "' as a statement");
    return;
  }
  helperCall(c, c->getDirectCallee(), target, out);
}

// A call of the file's function `callee` (c's own, or one a function pointer may
// name): its IR call statement, after the statements its arguments need.
void CLowering::helperCall(const clang::CallExpr *c, const clang::FunctionDecl *callee,
                           ExprPtr target, std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  std::string name = callee->getNameAsString();
  auto s = newStmt(StmtKind::Call, r);
  s->name = name;
  s->nameRange = range(clang::SourceRange(c->getBeginLoc(), c->getBeginLoc()));
  s->target = target;
  std::vector<StmtPtr> pre;
  if (!callArguments(c, callee, name, s->args, pre))
    return;
  SpecComment ghost = ghostArgsAfter(c);
  s->given = ghost.callGiven;
  s->yields = ghost.callYields;
  for (const ir::GhostArg &y : s->yields)
    if (y.value && !ghostVars_.count(y.value->name))
      typeError(y.value->range, "'" + y.value->name +
                                    "' receives a yields parameter but is not a ghost variable "
                                    "(declare it in an annotation: '//@ ghost int " +
                                    y.value->name + ";')");
  out.insert(out.end(), pre.begin(), pre.end());
  out.push_back(s);
}

// The IR arguments of a call of the file's function `name`: a struct or vector as its
// leaves, an offset pointer as its array and offset.
bool CLowering::callArguments(const clang::CallExpr *c, const clang::FunctionDecl *callee,
                              const std::string &name, std::vector<ExprPtr> &args,
                              std::vector<StmtPtr> &pre) {
  for (unsigned i = 0; i < c->getNumArgs(); ++i) {
    const clang::Expr *a = c->getArg(i);
    bool offsetParam = callee && takesOffset(callee, i);
    if (isFunctionPointer(a->getType())) {
      ExprPtr v = functionPointerValue(a, pre);
      if (!v)
        return false;
      args.push_back(v);
      continue;
    }
    if (isStructValue(a) ||
        (a->getType()->isPointerType() && isAggregate(a->getType()->getPointeeType()))) {
      if (!aggregateArgument(a, args, pre)) // lower_aggregate.cpp
        return false;
      continue;
    }
    if (a->getType()->isPointerType() && !isPlainArrayArgument(a)) {
      if (!offsetParam) {
        unsupported(range(a), "a pointer argument other than an array name to '" + name + "'");
        return false;
      }
      // An offset pointer: the array, then the offset (findOffsetParams gave the
      // parameter its offset parameter).
      auto p = pointerValue(a, pre);
      if (!p)
        return false;
      args.push_back(ir::makeVar(p->baseName, range(a)));
      args.push_back(p->offset ? p->offset : ir::makeInt(0, range(a)));
      continue;
    }
    if (a->getType()->isPointerType() && offsetParam) {
      args.push_back(argument(a, pre));
      args.push_back(ir::makeInt(0, range(a)));
      continue;
    }
    ExprPtr v = argument(a, pre);
    if (!v)
      return false;
    args.push_back(v);
  }
  return true;
}

// Pointer arguments pass the array itself; anything else is a value.
ExprPtr CLowering::argument(const clang::Expr *a, std::vector<StmtPtr> &pre) {
  const clang::Expr *x = a->IgnoreParenImpCasts();
  if (x->getType()->isPointerType() || x->getType()->isArrayType()) {
    if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(x))
      return ir::makeVar(dr->getDecl()->getNameAsString(), range(a));
    unsupported(range(a), "a pointer argument other than an array name (no pointer "
                          "arithmetic)");
    return nullptr;
  }
  return value(a, pre);
}

void CLowering::atomic(const clang::CallExpr *c, const std::string &name, const std::string &op,
                       ExprPtr target, std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  if (c->getNumArgs() < 1)
    return typeError(r, "'" + name + "' needs a location");
  clang::QualType pointee = elementOf(c->getArg(0));
  // Floating point (CUDA's atomicAdd and atomicExch on float and double, OpenCL's
  // atomic_xchg on float): an exchange stores the operand; an addition's new value is
  // unknown ("float_add", vcgen), floats being opaque values (§11.2).
  bool floating = !pointee.isNull() && isFloat(pointee) && (op == "add" || op == "xchg");
  if (pointee.isNull() || !(isIntLike(pointee) || floating))
    return unsupported(r, "'" + name + "' on a non-integer location");
  ExprPtr loc = location(c->getArg(0));
  if (!loc)
    return;
  auto s = newStmt(StmtKind::Atomic, r);
  s->name = floating && op == "add" ? "float_add" : op;
  s->target = target;
  s->args.push_back(loc);
  std::vector<StmtPtr> pre;
  for (unsigned i = 1; i < c->getNumArgs(); ++i)
    s->args.push_back(value(c->getArg(i), pre));
  out.insert(out.end(), pre.begin(), pre.end());
  out.push_back(s);
  atomics_.insert(loc->args[0]->name);
  atomicThroughDynamic_ |= dynamicArrays_.count(loc->args[0]->name) > 0;
}

// `&p[i]`, `p + i` or `p` (any pointer into one known array): the cell it points to.
ExprPtr CLowering::location(const clang::Expr *e) {
  SourceRange r = range(e);
  std::vector<StmtPtr> pre;
  auto p = pointerValue(e, pre);
  if (!p)
    return nullptr;
  if (!pre.empty()) {
    unsupported(r, "a function call in an atomic's location");
    return nullptr;
  }
  return pointerCell(*p, nullptr, e->getType()->getPointeeType(), r);
}

} // namespace kprove::lang::clower
