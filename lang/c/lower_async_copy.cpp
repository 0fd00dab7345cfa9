// OpenCL's asynchronous work-group copies (docs/language.md §11.10):
//
//   event_t e = async_work_group_copy(dst, src, n, ev);          dst[k] = src[k]
//   e = async_work_group_strided_copy(dst, src, n, stride, ev);  strided on the global side
//   wait_group_events(num, &e);   wait_group_events(num, events);
//
// OpenCL requires every work-item of the group to reach a copy with the same
// arguments; the group performs the n element copies at unknown times before the
// wait on its event returns. kprove models the copy as the group's: the work-item with
// local linear id t is responsible for the elements k with k % G == t (G the group's
// size), which together are all n elements once. At the copy each work-item hands its
// elements' permissions to the copy — write on the destination cells, `read` on the
// source cells — so nobody may touch a destination cell, nor write a source cell,
// until the wait; the wait gives them back with dst[k] == src[k]. The hand-over and
// the give-back are calls of two bodiless methods whose contracts say exactly this
// (the trusted part of the model, docs/soundness.md).
//
// That the whole group reaches the copy with the same arguments is checked
// syntactically: copies and waits are statements at the top level of a kernel's body
// with no `return` before them, and their arguments are built from constants,
// unmodified scalar parameters, group ids, sizes, pointer parameters and local arrays.
// Events are tracked statically (each wait completes the copies its events name);
// anything else done with an event is `unsupported`.
#include "lang/c/clang_lowering.h"

namespace kprove::lang::clower {

namespace {

ExprPtr var(const std::string &n, SourceRange r) {
  return ir::makeVar(n, r);
}
ExprPtr bin(ir::BinOp op, ExprPtr a, ExprPtr b, SourceRange r) {
  return ir::makeBinary(op, std::move(a), std::move(b), r);
}
ExprPtr node(ExprKind k, std::vector<ExprPtr> args, SourceRange r) {
  auto e = std::make_shared<ir::Expr>();
  e->kind = k;
  e->range = r;
  e->args = std::move(args);
  return e;
}
ExprPtr perm(const std::string &arr, ExprPtr idx, ir::PermConst amount, SourceRange r) {
  auto a = std::make_shared<ir::Expr>();
  a->kind = ExprKind::PermConst;
  a->permConst = amount;
  a->range = r;
  return node(ExprKind::Perm, {node(ExprKind::Index, {var(arr, r), std::move(idx)}, r), a}, r);
}
ExprPtr quantified(ExprKind k, ExprPtr cond, ExprPtr body, SourceRange r) {
  ExprPtr q = node(k, {std::move(cond), std::move(body)}, r);
  q->binders.push_back({ir::Type::Int, "k", r});
  return q;
}

bool isEventType(clang::QualType t) {
  t = t.getCanonicalType();
  if (const clang::ArrayType *at = t->getAsArrayTypeUnsafe())
    t = at->getElementType().getCanonicalType();
  return t->isEventT();
}

// Whether `vd` may change in `s`: assigned, incremented, or its address taken.
bool modifiedIn(const clang::Stmt *s, const clang::VarDecl *vd) {
  if (!s)
    return false;
  auto refers = [&](const clang::Expr *e) {
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    return dr && dr->getDecl() == vd;
  };
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(s); bo && bo->isAssignmentOp())
    if (refers(bo->getLHS()))
      return true;
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(s))
    if ((uo->isIncrementDecrementOp() || uo->getOpcode() == clang::UO_AddrOf) &&
        refers(uo->getSubExpr()))
      return true;
  for (const clang::Stmt *c : s->children())
    if (modifiedIn(c, vd))
      return true;
  return false;
}

const clang::ReturnStmt *firstReturn(const clang::Stmt *s) {
  if (!s)
    return nullptr;
  if (auto *rs = llvm::dyn_cast<clang::ReturnStmt>(s))
    return rs;
  for (const clang::Stmt *c : s->children())
    if (const clang::ReturnStmt *rs = firstReturn(c))
      return rs;
  return nullptr;
}

} // namespace

void CLowering::asyncBegin(const clang::FunctionDecl *fd) {
  asyncBody_ = fd->getBody();
  asyncTopLevel_.clear();
  asyncFirstReturn_ = UINT32_MAX;
  eventSlots_.clear();
  eventObjects_.clear();
  pendingCopies_.clear();
  if (!isKernel(fd))
    return;
  if (auto *cs = llvm::dyn_cast_or_null<clang::CompoundStmt>(asyncBody_))
    for (const clang::Stmt *s : cs->body())
      asyncTopLevel_.insert(s);
  if (const clang::ReturnStmt *rs = firstReturn(asyncBody_))
    asyncFirstReturn_ = offset(rs->getBeginLoc());
}

// Reached by every work-item of the group: a top-level statement of the kernel's body
// with no return before it.
bool CLowering::reachedByGroup(const clang::Stmt *s, SourceRange r, const std::string &what) {
  if (inKernel_ && s && asyncTopLevel_.count(s) && offset(s->getBeginLoc()) < asyncFirstReturn_)
    return true;
  unsupported(r, what + " other than as a statement at the top level of a kernel's body, "
                        "before any return (every work-item of the group must reach it)");
  return false;
}

// Built only from values every work-item of the group shares.
bool CLowering::groupUniform(const clang::Expr *e) const {
  e = e->IgnoreParens();
  if (llvm::isa<clang::IntegerLiteral, clang::CharacterLiteral, clang::UnaryExprOrTypeTraitExpr>(e))
    return true;
  if (auto *ce = llvm::dyn_cast<clang::CastExpr>(e))
    return groupUniform(ce->getSubExpr());
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e))
    return !bo->isAssignmentOp() && bo->getOpcode() != clang::BO_Comma &&
           groupUniform(bo->getLHS()) && groupUniform(bo->getRHS());
  if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return groupUniform(co->getCond()) && groupUniform(co->getTrueExpr()) &&
           groupUniform(co->getFalseExpr());
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (uo->getOpcode() == clang::UO_AddrOf)
      if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(uo->getSubExpr()->IgnoreParens()))
        return groupUniform(as->getBase()) && groupUniform(as->getIdx());
    switch (uo->getOpcode()) {
    case clang::UO_Minus:
    case clang::UO_Plus:
    case clang::UO_Not:
    case clang::UO_LNot:
      return groupUniform(uo->getSubExpr());
    default:
      return false;
    }
  }
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    const clang::ValueDecl *d = dr->getDecl();
    if (llvm::isa<clang::EnumConstantDecl>(d))
      return true;
    if (auto *p = llvm::dyn_cast<clang::ParmVarDecl>(d))
      return !modifiedIn(asyncBody_, p);
    auto *vd = llvm::dyn_cast<clang::VarDecl>(d);
    return vd && isSharedDecl(vd) && vd->getType()->isArrayType(); // a local array
  }
  if (auto *c = llvm::dyn_cast<clang::CallExpr>(e)) {
    const Builtin *b = isBuiltin(c) ? builtinOf(c) : nullptr;
    if (!b)
      return false;
    static const std::set<std::string_view> uniform = {
        "get_group_id",    "get_local_size", "get_enqueued_local_size", "get_num_groups",
        "get_global_size", "get_work_dim",   "get_global_offset"};
    if (!uniform.count(b->name))
      return false;
    return std::all_of(c->arg_begin(), c->arg_end(),
                       [&](const clang::Expr *a) { return groupUniform(a); });
  }
  return false;
}

// The copy's permission method (`$async_copy_start...`) and completion method
// (`$async_copy_wait...`), declared once per shape: the destination cells are
// dst[dOff + k * dS], the source cells src[sOff + k * sS], for 0 <= k < num; the work-item
// t of a group of G is responsible for the k with k % G == t.
std::string CLowering::asyncCopyMethod(bool wait, bool strided, SourceRange r) {
  std::string name =
      std::string(wait ? "$async_copy_wait" : "$async_copy_start") + (strided ? "_strided" : "");
  if (!asyncMethods_.insert(name).second)
    return name;
  ir::Method m;
  m.name = name;
  m.range = m.nameRange = r;
  for (const char *p : {"dst", "dOff", "dS", "src", "sOff", "sS", "num", "t", "G"})
    m.params.push_back(
        {std::string(p) == "dst" || std::string(p) == "src" ? ir::Type::IntArray : ir::Type::Int, p,
         r});
  auto cell = [&](const char *off, const char *stride) {
    ExprPtr k = var("k", r);
    return bin(ir::BinOp::Add, var(off, r), strided ? bin(ir::BinOp::Mul, k, var(stride, r), r) : k,
               r);
  };
  ExprPtr mine =
      bin(ir::BinOp::And,
          bin(ir::BinOp::And, bin(ir::BinOp::Le, ir::makeInt(0, r), var("k", r), r),
              bin(ir::BinOp::Lt, var("k", r), var("num", r), r), r),
          bin(ir::BinOp::Eq, bin(ir::BinOp::Mod, var("k", r), var("G", r), r), var("t", r), r), r);
  ExprPtr perms = bin(ir::BinOp::Star,
                      quantified(ExprKind::ForallStar, mine,
                                 perm("dst", cell("dOff", "dS"), ir::PermConst::Write, r), r),
                      quantified(ExprKind::ForallStar, mine,
                                 perm("src", cell("sOff", "sS"), ir::PermConst::Read, r), r),
                      r);
  {
    // Both buffers exist, the whole range lies within them, the strides are positive
    // and t is a work-item of the group: proved at the copy, and again at the wait
    // (the same arguments: nothing in them can change).
    auto inside = [&](const char *arr, const char *off, const char *stride) {
      ExprPtr last =
          bin(ir::BinOp::Add, var(off, r),
              bin(ir::BinOp::Mul, bin(ir::BinOp::Sub, var("num", r), ir::makeInt(1, r), r),
                  var(stride, r), r),
              r);
      return bin(ir::BinOp::And,
                 bin(ir::BinOp::And,
                     bin(ir::BinOp::Ne, var(arr, r), node(ExprKind::NullLit, {}, r), r),
                     bin(ir::BinOp::Le, ir::makeInt(0, r), var(off, r), r), r),
                 bin(ir::BinOp::Or, bin(ir::BinOp::Le, var("num", r), ir::makeInt(0, r), r),
                     bin(ir::BinOp::Lt, last, node(ExprKind::Length, {var(arr, r)}, r), r), r),
                 r);
    };
    ExprPtr shape = bin(ir::BinOp::And,
                        bin(ir::BinOp::And, bin(ir::BinOp::Le, ir::makeInt(1, r), var("dS", r), r),
                            bin(ir::BinOp::Le, ir::makeInt(1, r), var("sS", r), r), r),
                        bin(ir::BinOp::And, bin(ir::BinOp::Le, ir::makeInt(0, r), var("t", r), r),
                            bin(ir::BinOp::Lt, var("t", r), var("G", r), r), r),
                        r);
    for (ExprPtr c : {shape, inside("dst", "dOff", "dS"), inside("src", "sOff", "sS")})
      m.contract.push_back({ir::ClauseKind::Requires, c, r});
  }
  if (!wait) {
    m.contract.push_back({ir::ClauseKind::Requires, perms, r});
  } else {
    ExprPtr copied =
        quantified(ExprKind::Forall, mine,
                   bin(ir::BinOp::Eq, node(ExprKind::Index, {var("dst", r), cell("dOff", "dS")}, r),
                       node(ExprKind::Index, {var("src", r), cell("sOff", "sS")}, r), r),
                   r);
    m.contract.push_back({ir::ClauseKind::Ensures, perms, r});
    m.contract.push_back({ir::ClauseKind::Ensures, copied, r});
  }
  m.body = std::nullopt; // trusted: the model of the copy (docs/soundness.md)
  out_.methods.push_back(std::move(m));
  return name;
}

// The event an argument names: a variable `e`, an element `es[i]` with a literal i,
// or "" for the null event (a literal 0). nullopt (reported) for anything else.
std::optional<std::string> CLowering::eventSlot(const clang::Expr *e) {
  const clang::Expr *x = e->IgnoreParenImpCasts();
  if (auto *il = llvm::dyn_cast<clang::IntegerLiteral>(x); il && il->getValue() == 0)
    return std::string();
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(x);
      dr && isEventType(dr->getType()) && !dr->getType()->isArrayType())
    return dr->getDecl()->getNameAsString();
  if (auto *as = llvm::dyn_cast<clang::ArraySubscriptExpr>(x)) {
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(as->getBase()->IgnoreParenImpCasts());
    clang::Expr::EvalResult v;
    if (dr && as->getIdx()->EvaluateAsInt(v, ctx_))
      return dr->getDecl()->getNameAsString() + "[" + std::to_string(v.Val.getInt().getExtValue()) +
             "]";
  }
  unsupported(range(e), "this event (kprove tracks events named by a variable, an element with "
                        "a constant index, or 0)");
  return std::nullopt;
}

// `async_work_group_copy(...)` / `async_work_group_strided_copy(...)`, its event
// stored into `into` ("" when the result is dropped).
void CLowering::asyncCopy(const clang::CallExpr *c, const clang::Stmt *at, const std::string &into,
                          std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  std::string name = calleeName(c);
  bool strided = name == "async_work_group_strided_copy";
  if (!reachedByGroup(at, r, "'" + name + "'"))
    return;
  if (c->getNumArgs() != (strided ? 5u : 4u))
    return typeError(r, "'" + name + "' takes " + (strided ? "5" : "4") + " arguments");
  clang::QualType elem = c->getArg(0)->getType()->getPointeeType();
  if (elem.isNull() || !(isIntLike(elem) || isFloat(elem)))
    return unsupported(r, "'" + name + "' of elements other than integers and floating point");
  for (unsigned i = 0; i + 1 < c->getNumArgs(); ++i)
    if (!groupUniform(c->getArg(i)))
      return unsupported(range(c->getArg(i)),
                         "an argument of '" + name +
                             "' kprove cannot show the same for every work-item of the group "
                             "(build it from constants, unmodified parameters, group ids and "
                             "sizes)");
  std::optional<std::string> joined = eventSlot(c->getArg(c->getNumArgs() - 1));
  if (!joined)
    return;
  std::vector<StmtPtr> pre;
  auto d = pointerValue(c->getArg(0), pre), s = pointerValue(c->getArg(1), pre);
  if (!d || !s)
    return;
  ExprPtr n = value(c->getArg(2), pre);
  ExprPtr stride = strided ? value(c->getArg(3), pre) : ir::makeInt(1, r);
  if (!n || !stride || !pre.empty()) {
    if (!pre.empty())
      unsupported(r, "a function call in the arguments of '" + name + "'");
    return;
  }
  // The strided side is the global one (OpenCL 1.2 §6.12.10).
  bool dstGlobal = spaceOf(elem) == ir::MemorySpace::Global;
  ExprPtr one = ir::makeInt(1, r);
  auto offsetOf = [&](const PointerValue &p) { return p.offset ? p.offset : ir::makeInt(0, r); };
  ExprPtr group = bin(ir::BinOp::Mul, var(ir::gpuBuiltinName("lsz", 0), r),
                      bin(ir::BinOp::Mul, var(ir::gpuBuiltinName("lsz", 1), r),
                          var(ir::gpuBuiltinName("lsz", 2), r), r),
                      r);
  // The arguments, evaluated once into temporaries (they cannot change before the
  // wait: they are uniform values of unmodified names, but the wait is far away).
  std::vector<ExprPtr> values = {var(d->baseName, r),
                                 offsetOf(*d),
                                 strided && dstGlobal ? stride : one,
                                 var(s->baseName, r),
                                 offsetOf(*s),
                                 strided && !dstGlobal ? stride : one,
                                 n,
                                 var("\\ltid", r),
                                 group};
  std::vector<ExprPtr> args;
  for (size_t i = 0; i < values.size(); ++i) {
    if (i == 0 || i == 3) {
      args.push_back(values[i]);
      continue;
    }
    std::string tmp = freshTemp();
    auto decl = newStmt(StmtKind::VarDecl, r);
    decl->name = tmp;
    decl->declType = Type::Int;
    decl->value = values[i];
    out.push_back(decl);
    args.push_back(var(tmp, r));
  }
  auto call = newStmt(StmtKind::Call, r);
  call->name = asyncCopyMethod(false, strided, r);
  call->nameRange = range(clang::SourceRange(c->getBeginLoc(), c->getBeginLoc()));
  call->args = args;
  out.push_back(call);
  int copy = static_cast<int>(pendingCopies_.size());
  pendingCopies_.push_back({asyncCopyMethod(true, strided, r), args, false});
  // The event: the one passed (the copy joins it), or a new one.
  int object;
  if (joined->empty() || !eventSlots_.count(*joined)) {
    object = static_cast<int>(eventObjects_.size());
    eventObjects_.emplace_back();
    if (!joined->empty())
      eventSlots_[*joined] = object;
  } else {
    object = eventSlots_.at(*joined);
  }
  eventObjects_[static_cast<size_t>(object)].insert(copy);
  if (!into.empty())
    eventSlots_[into] = object;
}

// `wait_group_events(num, list)`: the copies of the events list[0..num) complete.
void CLowering::waitGroupEvents(const clang::CallExpr *c, const clang::Stmt *at,
                                std::vector<StmtPtr> &out) {
  SourceRange r = range(c);
  if (!reachedByGroup(at, r, "'wait_group_events'"))
    return;
  clang::Expr::EvalResult v;
  if (c->getNumArgs() != 2 || !c->getArg(0)->EvaluateAsInt(v, ctx_))
    return unsupported(r, "'wait_group_events' with a number of events that is not a constant");
  int64_t num = v.Val.getInt().getExtValue();
  const clang::Expr *list = c->getArg(1)->IgnoreParenImpCasts();
  std::vector<std::string> slots;
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(list);
      uo && uo->getOpcode() == clang::UO_AddrOf) {
    std::optional<std::string> first = eventSlot(uo->getSubExpr());
    if (!first)
      return;
    size_t bracket = first->find('[');
    if (bracket == std::string::npos) {
      if (num != 1)
        return unsupported(r, "'wait_group_events' of more than one event from a variable");
      slots.push_back(*first);
    } else {
      int64_t from = std::stoll(first->substr(bracket + 1));
      for (int64_t i = 0; i < num; ++i)
        slots.push_back(first->substr(0, bracket) + "[" + std::to_string(from + i) + "]");
    }
  } else if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(list);
             dr && dr->getDecl()->getType()->isArrayType() && isEventType(dr->getType())) {
    for (int64_t i = 0; i < num; ++i)
      slots.push_back(dr->getDecl()->getNameAsString() + "[" + std::to_string(i) + "]");
  } else {
    return unsupported(range(c->getArg(1)), "this list of events (kprove tracks `&e`, `&es[i]` "
                                            "and an array `es` of events)");
  }
  for (const std::string &slot : slots) {
    auto it = eventSlots_.find(slot);
    if (it == eventSlots_.end())
      continue; // no copy: nothing to wait for
    for (int copy : eventObjects_[static_cast<size_t>(it->second)]) {
      PendingCopy &p = pendingCopies_[static_cast<size_t>(copy)];
      if (p.done)
        continue;
      p.done = true;
      auto call = newStmt(StmtKind::Call, r);
      call->name = p.method;
      call->nameRange = range(clang::SourceRange(c->getBeginLoc(), c->getBeginLoc()));
      call->args = p.args;
      out.push_back(call);
    }
  }
}

// Statements of event_t values: `e = async_...(...);`, `async_...(...);`,
// `wait_group_events(...);`; any other expression statement on events is
// unsupported. False when `e` is none of these (lowered as usual).
bool CLowering::asyncCopyEffect(const clang::Expr *e, std::vector<StmtPtr> &out) {
  const clang::Expr *x = e->IgnoreParens();
  auto kindOf = [&](const clang::Expr *ce) -> const Builtin * {
    auto *c = llvm::dyn_cast<clang::CallExpr>(ce->IgnoreParenImpCasts());
    const Builtin *b = c && isBuiltin(c) ? builtinOf(c) : nullptr;
    return b && (b->kind == BuiltinKind::AsyncCopy || b->kind == BuiltinKind::WaitEvents) ? b
                                                                                          : nullptr;
  };
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(x);
      bo && bo->getOpcode() == clang::BO_Assign && isEventType(bo->getLHS()->getType())) {
    const Builtin *b = kindOf(bo->getRHS());
    if (!b || b->kind != BuiltinKind::AsyncCopy) {
      unsupported(range(e), "an assignment of an event other than the result of a copy");
      return true;
    }
    std::optional<std::string> slot = eventSlot(bo->getLHS());
    if (slot && slot->empty())
      unsupported(range(bo->getLHS()), "this event");
    else if (slot)
      asyncCopy(llvm::cast<clang::CallExpr>(bo->getRHS()->IgnoreParenImpCasts()), e, *slot, out);
    return true;
  }
  const Builtin *b = kindOf(x);
  if (!b)
    return false;
  auto *c = llvm::cast<clang::CallExpr>(x->IgnoreParenImpCasts());
  if (b->kind == BuiltinKind::AsyncCopy)
    asyncCopy(c, e, "", out);
  else
    waitGroupEvents(c, e, out);
  return true;
}

// `event_t e;`, `event_t es[2];`, `event_t e = async_...(...);`. False for other
// declarations.
bool CLowering::eventDecl(const clang::VarDecl *vd, std::vector<StmtPtr> &out) {
  if (!isEventType(vd->getType()))
    return false;
  const clang::Stmt *declStmt = nullptr; // the top-level declaration statement, if it is one
  for (const clang::Stmt *s : asyncTopLevel_)
    if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s))
      for (const clang::Decl *d : ds->decls())
        if (d == vd)
          declStmt = s;
  std::string name = vd->getNameAsString();
  for (auto it = eventSlots_.begin(); it != eventSlots_.end();)
    it = it->first == name || it->first.rfind(name + "[", 0) == 0 ? eventSlots_.erase(it)
                                                                  : std::next(it);
  const clang::Expr *init = vd->getInit();
  if (!init)
    return true;
  auto *c = llvm::dyn_cast<clang::CallExpr>(init->IgnoreParenImpCasts());
  const Builtin *b = c && isBuiltin(c) ? builtinOf(c) : nullptr;
  if (!b || b->kind != BuiltinKind::AsyncCopy || vd->getType()->isArrayType()) {
    unsupported(range(vd), "an event initialised other than by a copy");
    return true;
  }
  asyncCopy(c, declStmt, name, out);
  return true;
}

} // namespace kprove::lang::clower
