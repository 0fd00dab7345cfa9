// C's goto, where it is a structured early exit: a forward jump to a label that is
// a later statement of a block enclosing the goto (`goto done;` out of nested loops
// to the end of a loop body or of the function). Each such label has a flag
// `$goto.L`, false until a goto sets it; then the goto leaves the loops around it
// (breaks, one loop at a time), every block between skips its remaining statements,
// and the label's block skips the statements up to the label, where the flag is
// cleared. This is exactly C's control flow for such jumps. A backward goto, a
// jump into a block, out of a switch, or over a declaration of the label's block is
// unsupported, named.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {

const clang::Stmt *parentStmt(clang::ASTContext &ctx, const clang::Stmt *s) {
  auto parents = ctx.getParents(*s);
  return parents.size() == 1 ? parents[0].get<clang::Stmt>() : nullptr;
}

bool isLoop(const clang::Stmt *s) {
  return llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(s);
}

} // namespace

std::string CLowering::gotoFlag(const clang::LabelStmt *l) {
  return "$goto." + std::string(l->getName());
}

// Which gotos of `fd` are structured exits; the others are reported here.
void CLowering::collectGotos(const clang::FunctionDecl *fd) {
  gotoExits_.clear();
  gotoLabels_.clear();
  openGuards_.clear();
  forEachStmt(fd->getBody(), [&](const clang::Stmt *s) {
    auto *g = llvm::dyn_cast<clang::GotoStmt>(s);
    if (!g)
      return;
    const clang::LabelStmt *label = g->getLabel()->getStmt();
    auto *block =
        label ? llvm::dyn_cast_or_null<clang::CompoundStmt>(parentStmt(ctx_, label)) : nullptr;
    // The path from the goto up to the label's block.
    std::vector<const clang::Stmt *> path{g};
    const clang::Stmt *p = g;
    std::string problem;
    while (p && p != block) {
      p = parentStmt(ctx_, p);
      if (p && p != block)
        path.push_back(p);
    }
    if (!block || !p)
      problem = "a goto into a block or to a label that is not a statement of a block "
                "enclosing it";
    else if (!csm_.isBeforeInTranslationUnit(g->getBeginLoc(), label->getBeginLoc()))
      problem = "a backward goto (a loop kprove cannot see)";
    for (size_t i = 0; problem.empty() && i < path.size(); ++i) {
      if (llvm::isa<clang::SwitchStmt>(path[i]))
        problem = "a goto out of a switch";
      // Each loop left but the innermost breaks from its body block.
      bool inner = std::none_of(path.begin(), path.begin() + i, isLoop);
      if (isLoop(path[i]) && !inner && (i == 0 || !llvm::isa<clang::CompoundStmt>(path[i - 1])))
        problem = "a goto out of nested loops whose bodies are not blocks";
    }
    if (problem.empty()) {
      // The statements skipped in the label's block: none may declare a name.
      bool skipping = false;
      for (const clang::Stmt *c : block->body()) {
        if (c == label)
          break;
        if (skipping && llvm::isa<clang::DeclStmt>(c)) {
          problem = "a goto over a declaration of the label's block";
          break;
        }
        skipping |= c == path.back();
      }
    }
    if (!problem.empty()) {
      unsupported(range(g), problem + " (only forward jumps out to a later statement of an "
                                      "enclosing block)");
      return;
    }
    for (const clang::Stmt *x : path)
      gotoExits_[x].insert(label);
    gotoLabels_[label] = {block, 0};
  });
}

// `goto L;`: the flag set, and the innermost loop left when it is inside the label's.
void CLowering::gotoStmt(const clang::GotoStmt *g, std::vector<StmtPtr> &out) {
  SourceRange r = range(g);
  const clang::LabelStmt *label = g->getLabel()->getStmt();
  auto it = gotoLabels_.find(label);
  if (it == gotoLabels_.end() || !gotoExits_.count(g))
    return; // reported by collectGotos
  assign(ir::makeVar(gotoFlag(label), r), ir::makeBool(true, r), r, out);
  if (jumpScopes_.size() > it->second.depth)
    out.push_back(newStmt(StmtKind::Break, r));
}

// In block `cs`, after its statement `x`: for each label a goto inside x jumps to,
// leave the enclosing loop (inside the label's) or skip the rest of the block.
void CLowering::afterGotoExit(const clang::CompoundStmt *cs, const clang::Stmt *x,
                              std::vector<StmtPtr> *&cur) {
  auto exits = gotoExits_.find(x);
  if (exits == gotoExits_.end())
    return;
  SourceRange r = range(x);
  for (const clang::LabelStmt *label : exits->second) {
    if (label == x)
      continue;
    const GotoLabel &gl = gotoLabels_.at(label);
    if (gl.block != cs && jumpScopes_.size() > gl.depth) {
      auto leave = newStmt(StmtKind::If, r);
      leave->cond = ir::makeVar(gotoFlag(label), r);
      leave->body.push_back(newStmt(StmtKind::Break, r));
      cur->push_back(leave);
      continue;
    }
    if (std::any_of(openGuards_.begin(), openGuards_.end(),
                    [&](const OpenGuard &g) { return g.label == label && g.block == cs; }))
      continue;
    auto guard = newStmt(StmtKind::If, r);
    guard->cond = ir::makeUnary(ir::UnOp::Not, ir::makeVar(gotoFlag(label), r), r);
    cur->push_back(guard);
    openGuards_.push_back({label, cs, cur});
    cur = &guard->body;
  }
}

// Block `cs` starts: the flags of its labels declared, false.
void CLowering::gotoBlockBegin(const clang::CompoundStmt *cs, std::vector<StmtPtr> &out) {
  for (auto &[label, gl] : gotoLabels_)
    if (gl.block == cs) {
      gl.depth = jumpScopes_.size();
      auto d = newStmt(StmtKind::VarDecl, range(label));
      d->name = gotoFlag(label);
      d->declType = Type::Bool;
      d->value = ir::makeBool(false, range(label));
      out.push_back(d);
    }
}

// The label `l` of block `cs` is reached: the statements skipped up to it end here
// (the guards opened after it in the block are opened again), and its flag clears.
void CLowering::gotoLabelReached(const clang::CompoundStmt *cs, const clang::LabelStmt *l,
                                 std::vector<StmtPtr> *&cur) {
  auto it = std::find_if(openGuards_.begin(), openGuards_.end(),
                         [&](const OpenGuard &g) { return g.label == l && g.block == cs; });
  if (it != openGuards_.end()) {
    cur = it->out;
    std::vector<OpenGuard> later(it + 1, openGuards_.end());
    openGuards_.erase(it, openGuards_.end());
    for (const OpenGuard &g : later) {
      auto guard = newStmt(StmtKind::If, range(g.label));
      guard->cond =
          ir::makeUnary(ir::UnOp::Not, ir::makeVar(gotoFlag(g.label), guard->range), guard->range);
      cur->push_back(guard);
      openGuards_.push_back({g.label, g.block, cur});
      cur = &guard->body;
    }
  }
  if (gotoLabels_.count(l))
    assign(ir::makeVar(gotoFlag(l), range(l)), ir::makeBool(false, range(l)), range(l), *cur);
}

// Block `cs` ends: its guards close with it.
void CLowering::gotoBlockEnd(const clang::CompoundStmt *cs) {
  openGuards_.erase(std::remove_if(openGuards_.begin(), openGuards_.end(),
                                   [&](const OpenGuard &g) { return g.block == cs; }),
                    openGuards_.end());
}

// A loop a goto leaves: its flag is false at every test (a goto that sets it breaks
// at once), an invariant vcgen checks like the user's, so the loop's normal exit
// knows no goto left it.
void CLowering::gotoInvariants(const clang::Stmt *loop, std::vector<ir::Clause> &clauses) {
  auto exits = gotoExits_.find(loop);
  if (exits == gotoExits_.end())
    return;
  SourceRange r = range(loop);
  for (const clang::LabelStmt *label : exits->second)
    clauses.push_back({ir::ClauseKind::LoopInvariant,
                       ir::makeUnary(ir::UnOp::Not, ir::makeVar(gotoFlag(label), r), r), r});
}

} // namespace kprove::lang::clower
