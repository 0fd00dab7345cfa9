// VerCors's iteration contracts: `for (int i = lo; i < hi; i++) /*@ requires ...;
// ensures ...; @*/ { S }` (a contract between the loop's header and its body) says
// that the iterations are independent, each with its own contract. VerCors verifies
// such a loop as the parallel block `par (int i = lo .. hi)` with those clauses, and
// so does kprove: if the iterations' preconditions hold together (disjoint
// permissions), running them in any order, sequentially as C does included, gives
// all their postconditions. The par block's rules keep S from assigning the
// method's variables (hi among them) or jumping out.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {
// `e` names the variable `v` (through casts and parentheses).
bool names(const clang::Expr *e, const clang::VarDecl *v) {
  auto *d = e ? llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()) : nullptr;
  return d && d->getDecl() == v;
}
} // namespace

bool CLowering::iterationContract(const clang::ForStmt *fs, std::vector<StmtPtr> &out) {
  if (!fs->getBody() || fs->getRParenLoc().isInvalid())
    return false;
  uint32_t bodyAt = offset(fs->getBody()->getBeginLoc());
  Annotation *a = annotationBefore(bodyAt);
  if (!a || a->begin < offset(fs->getRParenLoc()))
    return false;
  SourceRange r = range(fs);
  typeSpecsNow_ = false;
  auto clauses = contractBefore(bodyAt,
                                {ir::ClauseKind::Requires, ir::ClauseKind::Ensures,
                                 ir::ClauseKind::Context, ir::ClauseKind::ContextEverywhere},
                                "in a loop's iteration contract");
  typeSpecsNow_ = true;
  // The header: for (int i = lo; i < hi or i <= hi; i++ or ++i or i += 1).
  const clang::VarDecl *v = nullptr;
  if (auto *ds = llvm::dyn_cast_or_null<clang::DeclStmt>(fs->getInit()); ds && ds->isSingleDecl())
    v = llvm::dyn_cast<clang::VarDecl>(ds->getSingleDecl());
  auto *cond = llvm::dyn_cast_or_null<clang::BinaryOperator>(
      fs->getCond() ? fs->getCond()->IgnoreParenImpCasts() : nullptr);
  const clang::Expr *inc = fs->getInc() ? fs->getInc()->IgnoreParenImpCasts() : nullptr;
  bool step = false;
  if (auto *u = llvm::dyn_cast_or_null<clang::UnaryOperator>(inc))
    step = u->isIncrementOp() && names(u->getSubExpr(), v);
  else if (auto *c = llvm::dyn_cast_or_null<clang::CompoundAssignOperator>(inc))
    step = c->getOpcode() == clang::BO_AddAssign && names(c->getLHS(), v) &&
           llvm::isa<clang::IntegerLiteral>(c->getRHS()->IgnoreParenImpCasts()) &&
           llvm::cast<clang::IntegerLiteral>(c->getRHS()->IgnoreParenImpCasts())->getValue() == 1;
  if (!v || !v->getInit() || !v->getType()->isIntegerType() || !cond ||
      (cond->getOpcode() != clang::BO_LT && cond->getOpcode() != clang::BO_LE) ||
      !names(cond->getLHS(), v) || !step) {
    unsupported(r, "an iteration contract on a loop other than 'for (int i = lo; i < hi; i++)'");
    return true;
  }
  std::vector<StmtPtr> pre;
  ExprPtr lo = convertTo(v->getInit(), Type::Int, pre);
  ExprPtr hi = convertTo(cond->getRHS(), Type::Int, pre);
  if (!lo || !hi)
    return true;
  if (cond->getOpcode() == clang::BO_LE)
    hi = typed(ir::makeBinary(ir::BinOp::Add, hi, typed(ir::makeInt(1, r), {}), r), {});
  if (!pre.empty()) {
    unsupported(range(fs->getCond()), "a call in the bounds of a loop with an iteration contract");
    return true;
  }
  size_t scope = userNames_.size();
  std::string name = v->getNameAsString();
  userNames_.push_back({name, cintOf(v->getType()), false});
  for (ir::Clause &c : clauses)
    typeSpecClause(c.expr);
  auto par = newStmt(StmtKind::Par, r);
  par->iters.push_back({name, lo, hi, range(v)});
  par->clauses = clauses;
  par->body = body(fs->getBody());
  userNames_.resize(scope);
  out.push_back(par);
  return true;
}

} // namespace kprove::lang::clower
