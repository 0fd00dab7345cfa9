// break, continue, do-while with them, and switch. The IR has Break and Continue
// statements (a loop catches both; a Block may catch one kind), so C's jumps keep
// their exact meaning: vcgen joins the states that leave a loop or switch.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {

// Whether a break (`breaks`) or continue (`continues`) in `body` leaves it (one
// that an inner loop or catching Block takes does not).
bool leaves(const std::vector<StmtPtr> &body, bool breaks, bool continues) {
  for (const StmtPtr &s : body) {
    switch (s->kind) {
    case StmtKind::Break:
      if (breaks)
        return true;
      break;
    case StmtKind::Continue:
      if (continues)
        return true;
      break;
    case StmtKind::If:
      if (leaves(s->body, breaks, continues) || leaves(s->elseBody, breaks, continues))
        return true;
      break;
    case StmtKind::Block:
      if (leaves(s->body, breaks && s->catches != ir::Catches::Break,
                 continues && s->catches != ir::Catches::Continue))
        return true;
      break;
    default:
      break;
    }
  }
  return false;
}

} // namespace

std::vector<StmtPtr> CLowering::loopBody(const clang::Stmt *s, const clang::Expr *increment) {
  jumpScopes_.push_back({true, increment});
  std::vector<StmtPtr> out = body(s);
  jumpScopes_.pop_back();
  return out;
}

void CLowering::jump(const clang::Stmt *s, std::vector<StmtPtr> &out) {
  SourceRange r = range(s);
  bool isBreak = llvm::isa<clang::BreakStmt>(s);
  auto loop = std::find_if(jumpScopes_.rbegin(), jumpScopes_.rend(),
                           [](const JumpScope &j) { return j.loop; });
  if (jumpScopes_.empty() || (!isBreak && loop == jumpScopes_.rend())) {
    typeError(r, isBreak ? "'break' outside a loop or switch" : "'continue' outside a loop");
    return;
  }
  // A for loop's continue runs its increment before the next test.
  if (!isBreak && loop->increment)
    effect(loop->increment, out);
  out.push_back(newStmt(isBreak ? StmtKind::Break : StmtKind::Continue, r));
}

// do S while (c)  ==  { S } while (c) S   (the invariant holds at each test of c);
// do S while (0)  ==  { S }.
// S is lowered once and used twice, so the annotations inside it (barrier
// contracts, assertions) belong to both copies. When S breaks or continues, the
// first copy is a Block that catches continues (they go to the first test) inside
// a Block that catches breaks (they skip the loop). A test with calls starts each
// iteration of the while (loopCondition).
void CLowering::doWhile(const clang::DoStmt *dw, std::vector<StmtPtr> &out) {
  SourceRange r = range(dw);
  auto clauses = loopClauses(dw);
  std::vector<StmtPtr> once = loopBody(dw->getBody(), nullptr);
  auto first = newStmt(StmtKind::Block, r);
  first->body = once;
  // `do S while (0)` (the macro idiom) without invariants: S once, exactly; a break
  // or a continue (which goes to the false test) ends it.
  bool falseTest = false;
  if (clauses.empty() && !dw->getCond()->HasSideEffects(ctx_) &&
      dw->getCond()->EvaluateAsBooleanCondition(falseTest, ctx_) && !falseTest) {
    if (leaves(once, true, true)) {
      first->catches = ir::Catches::Continue;
      auto whole = newStmt(StmtKind::Block, r);
      whole->catches = ir::Catches::Break;
      whole->body = {first};
      first = whole;
    }
    out.push_back(first);
    return;
  }
  auto w = newStmt(StmtKind::While, r);
  w->clauses = clauses;
  std::vector<StmtPtr> head;
  w->cond = loopCondition(dw->getCond(), w->clauses, head);
  w->body = head;
  w->body.insert(w->body.end(), once.begin(), once.end());
  if (!leaves(once, true, true)) {
    out.push_back(first);
    out.push_back(w);
    return;
  }
  first->catches = ir::Catches::Continue;
  auto whole = newStmt(StmtKind::Block, r);
  whole->catches = ir::Catches::Break;
  whole->body = {first, w};
  out.push_back(whole);
}

bool CLowering::rejectNestedCases(const clang::Stmt *s) {
  if (!s || llvm::isa<clang::SwitchStmt>(s)) // an inner switch's labels are its own
    return false;
  if (llvm::isa<clang::SwitchCase>(s)) {
    unsupported(range(s), "a 'case' or 'default' label inside another statement of its switch "
                          "(such as Duff's device)");
    return true;
  }
  bool found = false;
  for (const clang::Stmt *child : s->children())
    found = rejectNestedCases(child) || found;
  return found;
}

// switch (e) { ... }  ==  a Block that catches breaks:
//   { tmp = e; if (tmp == v1 || ...) { the statements from the first case to the end }
//     else if ... else { from `default` to the end } }
// Fallthrough is exact: a case's branch runs the statements of the following cases
// until a break leaves the Block. The labels must be at the top level of the body.
void CLowering::switchStmt(const clang::SwitchStmt *ss, std::vector<StmtPtr> &out) {
  SourceRange r = range(ss);
  if (ss->getInit() || ss->getConditionVariable()) {
    unsupported(r, "declarations in a switch condition");
    return;
  }
  const clang::Expr *c = ss->getCond();
  if (!isIntLike(c->getType())) {
    unsupported(range(c), "a switch on a value that is not an integer");
    return;
  }
  ir::IntType cint = cintOf(c->getType());
  std::vector<const clang::Stmt *> items;
  uint32_t from = 0, to = 0;
  if (auto *cs = llvm::dyn_cast<clang::CompoundStmt>(ss->getBody())) {
    items.assign(cs->body_begin(), cs->body_end());
    from = offset(cs->getLBracLoc());
    to = offset(cs->getRBracLoc());
  } else {
    items.push_back(ss->getBody());
    from = offset(ss->getBody()->getBeginLoc());
    to = range(ss->getBody()).end.offset;
  }

  auto block = newStmt(StmtKind::Block, r);
  block->catches = ir::Catches::Break;
  std::vector<StmtPtr> pre;
  ExprPtr v = value(c, pre);
  if (!v)
    return;
  block->body = pre;
  std::string tmp = freshTemp();
  auto d = newStmt(StmtKind::VarDecl, range(c));
  d->name = tmp;
  d->declType = Type::Int;
  d->cint = cint;
  d->value = v;
  block->body.push_back(d);

  // Each item: its labels' values (or default) and its statements, lowered once.
  struct Item {
    std::vector<int64_t> values;
    bool isDefault = false;
    bool labelled = false;
    SourceRange labelRange;
    std::vector<StmtPtr> stmts;
  };
  std::vector<Item> lowered;
  size_t scope = userNames_.size();
  jumpScopes_.push_back({false, nullptr});
  for (const clang::Stmt *item : items) {
    Item it;
    const clang::Stmt *s = item;
    while (auto *sc = llvm::dyn_cast<clang::SwitchCase>(s)) {
      it.labelled = true;
      it.labelRange = range(clang::SourceRange(sc->getKeywordLoc(), sc->getColonLoc()));
      if (auto *cs = llvm::dyn_cast<clang::CaseStmt>(sc)) {
        if (cs->caseStmtIsGNURange()) {
          unsupported(range(cs), "a case range (GNU extension)");
          jumpScopes_.pop_back();
          return;
        }
        llvm::APSInt k = cs->getLHS()->EvaluateKnownConstInt(ctx_);
        // C converts the labels to the promoted type of the controlling expression.
        k = k.extOrTrunc(cint.bits);
        k.setIsSigned(cint.isSigned);
        if (k.isUnsigned() && k.getActiveBits() > 63) {
          // Not an int64_t: read as one, it would be negative, out of the type's range.
          unsupported(range(cs), "a case label above 2^63 - 1");
          jumpScopes_.pop_back();
          return;
        }
        it.values.push_back(k.getExtValue());
      } else {
        it.isDefault = true;
      }
      s = sc->getSubStmt();
    }
    if (!it.labelled && lowered.empty()) {
      unsupported(range(item), "statements before the first case of a switch");
      jumpScopes_.pop_back();
      return;
    }
    if (llvm::isa<clang::DeclStmt>(s)) {
      unsupported(range(s), "a declaration directly in a switch body (put the case in braces)");
      jumpScopes_.pop_back();
      return;
    }
    if (rejectNestedCases(s)) {
      jumpScopes_.pop_back();
      return;
    }
    sequenceItem(s, from, it.stmts);
    if (it.labelled)
      lowered.push_back(std::move(it));
    else
      for (StmtPtr &st : it.stmts)
        lowered.back().stmts.push_back(std::move(st));
  }
  if (!lowered.empty())
    annotationStatements(from, to, lowered.back().stmts);
  jumpScopes_.pop_back();
  userNames_.resize(scope);

  auto fromItem = [&](size_t i) {
    std::vector<StmtPtr> body;
    for (size_t j = i; j < lowered.size(); ++j)
      body.insert(body.end(), lowered[j].stmts.begin(), lowered[j].stmts.end());
    return body;
  };
  // The dispatch, innermost (the default) first.
  std::vector<StmtPtr> rest;
  for (size_t i = 0; i < lowered.size(); ++i)
    if (lowered[i].isDefault)
      rest = fromItem(i);
  for (size_t i = lowered.size(); i-- > 0;) {
    if (lowered[i].values.empty())
      continue; // only `default`
    ExprPtr test;
    for (int64_t k : lowered[i].values) {
      ExprPtr eq = ir::makeBinary(ir::BinOp::Eq, typed(ir::makeVar(tmp, range(c)), cint),
                                  typed(ir::makeInt(k, range(c)), cint), range(c));
      test = test ? ir::makeBinary(ir::BinOp::Or, test, eq, range(c)) : eq;
    }
    auto branch = newStmt(StmtKind::If, lowered[i].labelRange);
    branch->cond = test;
    branch->body = fromItem(i);
    branch->elseBody = std::move(rest);
    rest = {branch};
  }
  block->body.insert(block->body.end(), rest.begin(), rest.end());
  out.push_back(block);
}

} // namespace kprove::lang::clower
