// Statements: blocks, declarations, if, loops (with their invariants), return,
// expression statements with side effects, barriers (with their contracts and
// fences), calls of helper functions and atomics. Unmodelled statements are
// `unsupported`, naming the construct.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

std::vector<StmtPtr> CLowering::compound(const clang::CompoundStmt *cs) {
  std::vector<StmtPtr> out;
  uint32_t from = offset(cs->getLBracLoc());
  for (const clang::Stmt *s : cs->body()) {
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
  annotationStatements(from, offset(cs->getRBracLoc()), out);
  return out;
}

std::vector<StmtPtr> CLowering::body(const clang::Stmt *s) {
  std::vector<StmtPtr> out;
  if (auto *cs = llvm::dyn_cast<clang::CompoundStmt>(s))
    return compound(cs);
  stmt(s, out);
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

// A builtin: declared outside the main file (Clang's OpenCL builtins, the prelude).
bool CLowering::isBuiltin(const clang::CallExpr *c) const {
  const clang::FunctionDecl *f = c->getDirectCallee();
  // Clang declares OpenCL builtins on first use, implicitly, at the call's location.
  return f && (f->isImplicit() || f->getBuiltinID() != 0 || !inMainFile(f->getLocation()));
}

bool CLowering::isBarrierCall(const clang::Stmt *s) const {
  const clang::CallExpr *c = asCall(s);
  if (!c || !isBuiltin(c))
    return false;
  std::string n = calleeName(c);
  return n == "barrier" || n == "work_group_barrier" || n == "__syncthreads";
}

void CLowering::stmt(const clang::Stmt *s, std::vector<StmtPtr> &out) {
  SourceRange r = range(s);
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
    auto clauses = loopClauses(s);
    if (fs->getInit())
      stmt(fs->getInit(), out);
    auto w = newStmt(StmtKind::While, r);
    w->clauses = clauses;
    w->cond = fs->getCond() ? loopCondition(fs->getCond()) : ir::makeBool(true, r);
    w->body = body(fs->getBody());
    if (fs->getInc())
      effect(fs->getInc(), w->body);
    out.push_back(w);
    return;
  }
  if (auto *ws = llvm::dyn_cast<clang::WhileStmt>(s)) {
    auto w = newStmt(StmtKind::While, r);
    w->clauses = loopClauses(s);
    w->cond = loopCondition(ws->getCond());
    w->body = body(ws->getBody());
    out.push_back(w);
    return;
  }
  if (auto *dw = llvm::dyn_cast<clang::DoStmt>(s)) {
    // do S while (c)  ==  { S } while (c) S   (the invariant holds at each test of
    // c). S is lowered once and used twice, so the annotations inside it (barrier
    // contracts, assertions) belong to both copies.
    auto clauses = loopClauses(s);
    std::vector<StmtPtr> once = body(dw->getBody());
    auto first = newStmt(StmtKind::Block, r);
    first->body = once;
    out.push_back(first);
    auto w = newStmt(StmtKind::While, r);
    w->clauses = clauses;
    w->cond = loopCondition(dw->getCond());
    w->body = once;
    out.push_back(w);
    return;
  }
  if (auto *rs = llvm::dyn_cast<clang::ReturnStmt>(s)) {
    auto st = newStmt(StmtKind::Return, r);
    if (rs->getRetValue()) {
      std::vector<StmtPtr> pre;
      st->value = value(rs->getRetValue(), pre);
      out.insert(out.end(), pre.begin(), pre.end());
    }
    out.push_back(st);
    return;
  }
  if (llvm::isa<clang::BreakStmt>(s)) {
    unsupported(r, "'break'");
    return;
  }
  if (llvm::isa<clang::ContinueStmt>(s)) {
    unsupported(r, "'continue'");
    return;
  }
  if (llvm::isa<clang::SwitchStmt>(s)) {
    unsupported(r, "'switch'");
    return;
  }
  if (llvm::isa<clang::GotoStmt, clang::LabelStmt>(s)) {
    unsupported(r, "'goto' and labels");
    return;
  }
  if (auto *e = llvm::dyn_cast<clang::Expr>(s)) {
    effect(e, out);
    return;
  }
  unsupported(r, std::string("the statement ") + s->getStmtClassName());
}

// A loop condition is evaluated at every iteration: no hoisted calls.
ExprPtr CLowering::loopCondition(const clang::Expr *c) {
  std::vector<StmtPtr> pre;
  ExprPtr e = cond(c, pre);
  if (!pre.empty())
    unsupported(range(c), "a function call in a loop condition");
  return e;
}

std::vector<ir::Clause> CLowering::loopClauses(const clang::Stmt *s) {
  return contractBefore(offset(s->getBeginLoc()), {ir::ClauseKind::LoopInvariant},
                        "before a loop (only loop_invariant)");
}

void CLowering::barrier(const clang::CallExpr *c, std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  auto b = newStmt(StmtKind::Barrier, r);
  b->clauses =
      contractBefore(offset(c->getBeginLoc()),
                     {ir::ClauseKind::Requires, ir::ClauseKind::Ensures, ir::ClauseKind::Context},
                     "before a barrier");
  b->fencesGiven = true;
  if (calleeName(c) == "__syncthreads") {
    b->fences.local = b->fences.global = true;
  } else {
    if (c->getNumArgs() < 1) {
      typeError(r, "barrier() needs its fence flags");
      return;
    }
    clang::Expr::EvalResult v;
    if (!c->getArg(0)->EvaluateAsInt(v, ctx_)) {
      typeError(range(c->getArg(0)), "the fence flags of a barrier must be a constant");
      return;
    }
    int64_t flags = v.Val.getInt().getExtValue();
    b->fences.local = (flags & 1) != 0;  // CLK_LOCAL_MEM_FENCE
    b->fences.global = (flags & 2) != 0; // CLK_GLOBAL_MEM_FENCE
    if (flags & ~int64_t{3})
      unsupported(range(c->getArg(0)), "fence flags other than CLK_LOCAL_MEM_FENCE and "
                                       "CLK_GLOBAL_MEM_FENCE");
  }
  out.push_back(b);
}

const clang::CallExpr *CLowering::callNeedingStatement(const clang::Expr *e) const {
  auto *c = llvm::dyn_cast<clang::CallExpr>(e->IgnoreParenImpCasts());
  if (!c)
    return nullptr;
  if (!isBuiltin(c) || isAtomic(calleeName(c)))
    return c;
  return nullptr;
}

bool CLowering::isAtomic(const std::string &n) {
  static const std::set<std::string> ops = {
      "atomic_add", "atomic_inc",   "atomic_sub", "atomic_dec", "atomic_xchg", "atomic_cmpxchg",
      "atomic_min", "atomic_max",   "atom_add",   "atom_inc",   "atom_sub",    "atom_dec",
      "atom_xchg",  "atom_cmpxchg", "atom_min",   "atom_max",   "atomicAdd",   "atomicSub",
      "atomicExch", "atomicCAS",    "atomicMin",  "atomicMax"};
  return ops.count(n) > 0;
}

void CLowering::effect(const clang::Expr *e, std::vector<StmtPtr> &out) {
  e = e->IgnoreParens();
  SourceRange r = range(e);
  if (auto *cast = llvm::dyn_cast<clang::CStyleCastExpr>(e))
    if (cast->getType()->isVoidType())
      return effect(cast->getSubExpr(), out);
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (bo->getOpcode() == clang::BO_Comma) {
      effect(bo->getLHS(), out);
      effect(bo->getRHS(), out);
      return;
    }
    if (bo->getOpcode() == clang::BO_Assign && isStructValue(bo->getLHS())) {
      auto to = structParts(bo->getLHS()), from = structParts(bo->getRHS());
      if (to && from)
        for (size_t i = 0; i < to->size(); ++i)
          assign(ir::makeVar((*to)[i], r), ir::makeVar((*from)[i], r), r, out);
      return;
    }
    if (bo->isAssignmentOp()) {
      ExprPtr target = lvalue(bo->getLHS());
      if (!target)
        return;
      Type tt = irType(bo->getLHS()->getType());
      if (bo->getOpcode() == clang::BO_Assign) {
        if (const clang::CallExpr *c = callNeedingStatement(bo->getRHS())) {
          if (target->kind == ExprKind::Var) {
            call(c, target, out);
            return;
          }
          std::string tmp = freshTemp();
          auto d = newStmt(StmtKind::VarDecl, r);
          d->name = tmp;
          d->declType = tt;
          out.push_back(d);
          call(c, ir::makeVar(tmp, r), out);
          assign(target, ir::makeVar(tmp, r), r, out);
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
      ExprPtr v = arith(ca->getOpcode(), cur, rhs, ca->getLHS()->getType(), r);
      if (v)
        assign(target, v, r, out);
      return;
    }
  }
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
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
      assign(target,
             ir::makeBinary(uo->isIncrementOp() ? ir::BinOp::Add : ir::BinOp::Sub, cur,
                            ir::makeInt(1, r), r),
             r, out);
      return;
    }
  }
  if (auto *c = llvm::dyn_cast<clang::CallExpr>(e)) {
    call(c, nullptr, out);
    return;
  }
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
    unsupported(r, "calls through function pointers");
    return;
  }
  if (isBuiltin(c) && isAtomic(name)) {
    atomic(c, name, target, out);
    return;
  }
  if (isBuiltin(c)) {
    if (target) {
      std::vector<StmtPtr> pre;
      ExprPtr v = value(c, pre);
      out.insert(out.end(), pre.begin(), pre.end());
      if (v)
        assign(target, v, r, out);
      return;
    }
    unsupported(r, "a call of the builtin '" + name + "' as a statement");
    return;
  }
  auto s = newStmt(StmtKind::Call, r);
  s->name = name;
  s->nameRange = range(clang::SourceRange(c->getBeginLoc(), c->getBeginLoc()));
  s->target = target;
  std::vector<StmtPtr> pre;
  for (const clang::Expr *a : c->arguments()) {
    if (isStructValue(a)) {
      auto parts = structParts(a);
      if (!parts)
        return;
      for (const std::string &p : *parts)
        s->args.push_back(ir::makeVar(p, range(a)));
      continue;
    }
    ExprPtr v = argument(a, pre);
    if (!v)
      return;
    s->args.push_back(v);
  }
  out.insert(out.end(), pre.begin(), pre.end());
  out.push_back(s);
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

void CLowering::atomic(const clang::CallExpr *c, const std::string &name, ExprPtr target,
                       std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  static const std::map<std::string, std::string> ops = {
      {"atomic_add", "add"},    {"atom_add", "add"},           {"atomicAdd", "add"},
      {"atomic_sub", "sub"},    {"atom_sub", "sub"},           {"atomicSub", "sub"},
      {"atomic_inc", "inc"},    {"atom_inc", "inc"},           {"atomic_dec", "dec"},
      {"atom_dec", "dec"},      {"atomic_xchg", "xchg"},       {"atom_xchg", "xchg"},
      {"atomicExch", "xchg"},   {"atomic_cmpxchg", "cmpxchg"}, {"atom_cmpxchg", "cmpxchg"},
      {"atomicCAS", "cmpxchg"}, {"atomic_min", "min"},         {"atom_min", "min"},
      {"atomicMin", "min"},     {"atomic_max", "max"},         {"atom_max", "max"},
      {"atomicMax", "max"}};
  if (c->getNumArgs() < 1)
    return typeError(r, "'" + name + "' needs a location");
  clang::QualType pointee = c->getArg(0)->IgnoreParenImpCasts()->getType()->getPointeeType();
  if (pointee.isNull() || !isIntLike(pointee))
    return unsupported(r, "'" + name + "' on a non-integer location");
  ExprPtr loc = location(c->getArg(0));
  if (!loc)
    return;
  auto s = newStmt(StmtKind::Atomic, r);
  s->name = ops.at(name);
  s->target = target;
  s->args.push_back(loc);
  std::vector<StmtPtr> pre;
  for (unsigned i = 1; i < c->getNumArgs(); ++i)
    s->args.push_back(value(c->getArg(i), pre));
  out.insert(out.end(), pre.begin(), pre.end());
  out.push_back(s);
  atomics_.insert(loc->args[0]->name);
}

// `&p[i]`, `p + i` or `p`: the location p[i].
ExprPtr CLowering::location(const clang::Expr *e) {
  SourceRange r = range(e);
  e = e->IgnoreParenImpCasts();
  std::vector<StmtPtr> pre;
  ExprPtr loc;
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e);
      uo && uo->getOpcode() == clang::UO_AddrOf) {
    loc = lvalue(uo->getSubExpr());
  } else if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e);
             bo && bo->getOpcode() == clang::BO_Add &&
             llvm::isa<clang::DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())) {
    auto idx = std::make_shared<ir::Expr>();
    idx->kind = ExprKind::Index;
    idx->range = r;
    idx->args = {ir::makeVar(llvm::cast<clang::DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts())
                                 ->getDecl()
                                 ->getNameAsString(),
                             range(bo->getLHS())),
                 value(bo->getRHS(), pre)};
    loc = idx;
  } else if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    auto idx = std::make_shared<ir::Expr>();
    idx->kind = ExprKind::Index;
    idx->range = r;
    idx->args = {ir::makeVar(dr->getDecl()->getNameAsString(), r), ir::makeInt(0, r)};
    loc = idx;
  }
  if (!loc || loc->kind != ExprKind::Index || !pre.empty()) {
    unsupported(r, "this location (write &p[i], p + i or p)");
    return nullptr;
  }
  return loc;
}

} // namespace kprove::lang::clower
