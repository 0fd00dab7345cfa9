// GPUVerify's annotation language: calls of the functions stdlib-specs/gpuverify.h
// declares, lowered to kprove's own specifications (docs/language.md §11, "GPUVerify's
// annotations"):
//   __assert(e); __assume(e);                  assert / assume statements
//   __requires(e); __ensures(e);               at the start of a body: the contract
//   __global_requires / __global_ensures       the same on a kernel (every thread of
//                                              the launch is at its entry and exit)
//   while (__invariant(e), c) ...              the loop's invariant
//   __implies(a, b)  __enabled()  __ite(c, a, b)  __return_val_int()  __old_int(x)
//   __read(p) __write(p) __read_offset_bytes(p) ...   the thread's access history
//                                              (lang/c/lower_access_history.cpp)
//   __other_int(e) __uniform_int(e) __distinct_int(e) __all(p) __exclusive(p)
//   __global_assert(e) __global_invariant(e)   claims about this thread and a second
//                                              one (vcgen/two_thread.h)
// The predicates that speak of the values accessed, of pointer bases or of the
// dominating threads have no meaning in kprove's logic and are `unsupported`, by
// name. Candidate
// invariants are hints GPUVerify itself may drop: kprove drops them (with a note),
// which only makes less provable.
#include "lang/c/clang_lowering.h"

#include <functional>

namespace kprove::lang::clower {

namespace {

enum class Gv {
  None,
  Assert,
  Assume,
  Requires,
  Ensures,
  GlobalRequires,
  GlobalEnsures,
  FreshArray, // __requires_fresh_array: an assumption kprove needs not
  Invariant,
  Candidate,    // __candidate_invariant and its global and function-wide forms
  FunctionWide, // __function_wide_invariant
  Implies,
  Enabled,
  Ite,
  ReturnVal,
  Old,
  AddNoOverflow,      // __add_noovfl(a, b, ...): the predicate
  AddNoOverflowValue, // __add_noovfl_int(a, b): the sum, assumed not to overflow
  AccessFlag,         // __read(p), __write(p): lang/c/lower_access_history.cpp
  AccessOffset,       // __read_offset_bytes(p), __write_offset_bytes(p)
  // __read_permission(T, x), __write_permission(T, x): GPUVerify's leave for a barrier
  // invariant to access x; kprove's barrier contracts need Perm instead (ignored).
  AccessPermission,
  // The two-thread predicates (vcgen/two_thread.h): e in the second thread, and the
  // claims GPUVerify's header defines with it.
  Other,     // __other_int(e)
  Uniform,   // __uniform_int(e): e == __other_int(e)
  Distinct,  // __distinct_int(e): e != __other_int(e)
  All,       // __all(p): p && __other_bool(p)
  Exclusive, // __exclusive(p), __at_most_one(p): !__all(p)
  SameGroup, // __same_group: both threads in one group (lang/c/gpu_builtins.cpp)
  // The all-threads forms: the claim of each thread, whether it executes the
  // annotation or not: this thread's, and the second thread's wherever it is.
  GlobalAssert,    // __global_assert(e)
  GlobalInvariant, // __global_invariant(e)
  // __barrier_invariant_N(e, i1, ..., iN): the next barrier's contract gets e (all
  // threads) and e for the threads i1..iN (CLowering::barrierInvariant).
  BarrierInvariant,
  Rejected, // a predicate kprove does not model: unsupported, with the reason below
};

struct GvEntry {
  std::string_view name;
  Gv kind;
  std::string_view why; // Rejected: why kprove has no meaning for it
};

constexpr std::string_view kHistory =
    "a GPUVerify access-history predicate kprove does not record: it speaks of the values the "
    "thread has read or written or of their permissions (kprove proves race freedom with "
    "permissions: write Perm(...) in a /*@ @*/ contract instead)";
constexpr std::string_view kAllThreads =
    "a GPUVerify all-threads annotation: it must hold for the threads that do not execute it "
    "too, and kprove's annotations are about the thread executing them (write __assert or "
    "__invariant if the claim is about that thread)";
constexpr std::string_view kBinaryBarrierInvariant =
    "a GPUVerify binary barrier invariant: it relates two threads' data at the barrier, and "
    "kprove's barrier contracts are about one thread (write __barrier_invariant_N, or the "
    "barrier's /*@ requires ... ensures ... @*/ contract)";
constexpr std::string_view kPointer =
    "a GPUVerify pointer predicate: kprove does not model byte offsets, pointer bases or "
    "returned pointers and vectors";

const std::vector<GvEntry> &gvTable() {
  static const std::vector<GvEntry> table = {
      {"__assert", Gv::Assert, {}},
      {"__assume", Gv::Assume, {}},
      {"__requires", Gv::Requires, {}},
      {"__ensures", Gv::Ensures, {}},
      {"__global_requires", Gv::GlobalRequires, {}},
      {"__global_ensures", Gv::GlobalEnsures, {}},
      {"__requires_fresh_array", Gv::FreshArray, {}},
      {"__invariant", Gv::Invariant, {}},
      {"__candidate_invariant", Gv::Candidate, {}},
      {"__candidate_global_invariant", Gv::Candidate, {}},
      {"__function_wide_candidate_invariant", Gv::Candidate, {}},
      {"__function_wide_invariant", Gv::FunctionWide, {}},
      {"__implies", Gv::Implies, {}},
      {"__enabled", Gv::Enabled, {}},
      {"__ite", Gv::Ite, {}},
      {"__return_val_int", Gv::ReturnVal, {}},
      {"__return_val_unsigned_int", Gv::ReturnVal, {}},
      {"__return_val_bool", Gv::ReturnVal, {}},
      {"__old_int", Gv::Old, {}},
      {"__old_unsigned_int", Gv::Old, {}},
      {"__old_bool", Gv::Old, {}},
      {"__add_noovfl", Gv::AddNoOverflow, {}},
      {"__add_noovfl_int", Gv::AddNoOverflowValue, {}},
      {"__add_noovfl_unsigned_int", Gv::AddNoOverflowValue, {}},
      {"__global_assert", Gv::GlobalAssert, {}},
      {"__global_invariant", Gv::GlobalInvariant, {}},
      {"__other_int", Gv::Other, {}},
      {"__other_unsigned_int", Gv::Other, {}},
      {"__other_bool", Gv::Other, {}},
      {"__uniform_int", Gv::Uniform, {}},
      {"__uniform_unsigned_int", Gv::Uniform, {}},
      {"__uniform_bool", Gv::Uniform, {}},
      {"__distinct_int", Gv::Distinct, {}},
      {"__distinct_unsigned_int", Gv::Distinct, {}},
      {"__distinct_bool", Gv::Distinct, {}},
      {"__all", Gv::All, {}},
      {"__exclusive", Gv::Exclusive, {}},
      {"__at_most_one", Gv::Exclusive, {}},
      {"__same_group", Gv::SameGroup, {}},
      {"__dominator_enabled", Gv::Rejected, kAllThreads},
      {"__read", Gv::AccessFlag, {}},
      {"__write", Gv::AccessFlag, {}},
      {"__read_offset_bytes", Gv::AccessOffset, {}},
      {"__write_offset_bytes", Gv::AccessOffset, {}},
      {"__reads_from", Gv::Rejected, kHistory},
      {"__writes_to", Gv::Rejected, kHistory},
      {"__read_permission", Gv::AccessPermission, {}},
      {"__write_permission", Gv::AccessPermission, {}},
      {"__array_snapshot", Gv::Rejected, kHistory},
      {"__atomic_has_taken_value", Gv::Rejected, kHistory},
      {"__ptr_offset_bytes", Gv::Rejected, kPointer},
      {"__ptr_base", Gv::Rejected, kPointer},
      {"__return_val_ptr", Gv::Rejected, kPointer},
      {"__return_val_funptr", Gv::Rejected, kPointer},
      {"__return_val_int4", Gv::Rejected, kPointer},
  };
  return table;
}

const GvEntry *gvEntry(const std::string &name) {
  if (name.empty())
    return nullptr;
  for (const GvEntry &e : gvTable())
    if (e.name == name)
      return &e;
  if (name.rfind("__barrier_invariant_binary_", 0) == 0) {
    static const GvEntry binary{"__barrier_invariant_binary_N", Gv::Rejected,
                                kBinaryBarrierInvariant};
    return &binary;
  }
  if (name.rfind("__barrier_invariant_", 0) == 0) {
    static const GvEntry unary{"__barrier_invariant_N", Gv::BarrierInvariant, {}};
    return &unary;
  }
  return nullptr;
}

Gv gvKind(const std::string &name) {
  const GvEntry *e = gvEntry(name);
  return e ? e->kind : Gv::None;
}

bool isContractCall(Gv k) {
  return k == Gv::Requires || k == Gv::Ensures || k == Gv::GlobalRequires ||
         k == Gv::GlobalEnsures || k == Gv::FreshArray;
}

} // namespace

// The GPUVerify name a call spells ("" if it is no GPUVerify annotation): a function
// of the prelude, or one of its macros' `__kprove_gv<name>` functions.
std::string CLowering::gpuVerifyName(const clang::CallExpr *c) const {
  if (!c || !isBuiltin(c))
    return {};
  std::string name = calleeName(c);
  constexpr std::string_view macro = "__kprove_gv";
  if (name.rfind(macro, 0) == 0)
    name = name.substr(macro.size());
  return gvEntry(name) ? name : std::string();
}

bool CLowering::gpuVerifyRejected(const std::string &name, SourceRange r) {
  const GvEntry *e = gvEntry(name);
  if (!e || e->kind != Gv::Rejected)
    return false;
  unsupported(r, "'" + name + "' (" + std::string(e->why) + ")");
  return true;
}

void CLowering::gpuVerifyDropped(const std::string &name, SourceRange r, const std::string &why) {
  out_.remarks.push_back(
      {DiagCode::Unsupported, r, "GPUVerify's '" + name + "' is ignored: " + why, {}});
}

// Whether `e` reads only scalar variables, constants and thread ids (no memory, no
// calls but `__implies`, no side effects): a GPUVerify candidate kprove can check.
bool CLowering::readsVariablesOnly(const clang::Expr *e) const {
  e = e->IgnoreParens();
  if (llvm::isa<clang::IntegerLiteral>(e) || llvm::isa<clang::CXXBoolLiteralExpr>(e))
    return true;
  if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e))
    return llvm::isa<clang::EnumConstantDecl>(dr->getDecl()) ||
           (llvm::isa<clang::VarDecl>(dr->getDecl()) && inMainFile(dr->getDecl()->getLocation()) &&
            (isIntLike(dr->getType()) || dr->getType()->isBooleanType()));
  if (auto *ce = llvm::dyn_cast<clang::CastExpr>(e))
    return (isIntLike(ce->getType()) || ce->getType()->isBooleanType()) &&
           readsVariablesOnly(ce->getSubExpr());
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(e))
    return !uo->isIncrementDecrementOp() && uo->getOpcode() != clang::UO_Deref &&
           uo->getOpcode() != clang::UO_AddrOf && readsVariablesOnly(uo->getSubExpr());
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(e))
    return !bo->isAssignmentOp() && bo->getOpcode() != clang::BO_Comma &&
           readsVariablesOnly(bo->getLHS()) && readsVariablesOnly(bo->getRHS());
  if (auto *co = llvm::dyn_cast<clang::ConditionalOperator>(e))
    return readsVariablesOnly(co->getCond()) && readsVariablesOnly(co->getTrueExpr()) &&
           readsVariablesOnly(co->getFalseExpr());
  if (auto *call = llvm::dyn_cast<clang::CallExpr>(e)) {
    const clang::FunctionDecl *fd = call->getDirectCallee();
    std::string name = fd ? fd->getNameAsString() : "";
    bool threadId = name == "get_local_id" || name == "get_group_id" || name == "get_global_id" ||
                    name == "get_local_size" || name == "get_num_groups" ||
                    name == "get_global_size";
    if (name != "__implies" && !threadId)
      return false;
    for (const clang::Expr *a : call->arguments())
      if (!readsVariablesOnly(a))
        return false;
    return true;
  }
  // CUDA's threadIdx.x and friends.
  if (auto *me = llvm::dyn_cast<clang::MemberExpr>(e))
    if (auto *base = llvm::dyn_cast<clang::DeclRefExpr>(me->getBase()->IgnoreParenImpCasts())) {
      std::string b = base->getDecl()->getNameAsString();
      return b == "threadIdx" || b == "blockIdx" || b == "blockDim" || b == "gridDim";
    }
  return false;
}

// The first predicate kprove does not model inside `s`, reported by name (before
// lowering: in a pointer comparison it would otherwise be reported as a pointer).
bool CLowering::gpuVerifyRejectedIn(const clang::Stmt *s) {
  if (!s)
    return false;
  if (auto *c = llvm::dyn_cast<clang::CallExpr>(s);
      c && gpuVerifyRejected(gpuVerifyName(c), range(c)))
    return true;
  for (const clang::Stmt *child : s->children())
    if (gpuVerifyRejectedIn(child))
      return true;
  return false;
}

// The argument of an annotation, as a pure specification expression.
ExprPtr CLowering::gpuVerifySpec(const clang::Expr *e, Type want) {
  if (gpuVerifyRejectedIn(e))
    return nullptr;
  std::vector<StmtPtr> pre;
  ++gvSpecDepth_;
  ExprPtr v = want == Type::Bool ? cond(e, pre) : convertTo(e, want, pre);
  --gvSpecDepth_;
  if (v && !pre.empty()) {
    unsupported(range(e), "a function call or side effect inside a GPUVerify annotation");
    return nullptr;
  }
  return v;
}

// GPUVerify writes a function's contract as its first statements. They are found
// before the body is lowered; gpuVerifyStatement turns them into clauses.
void CLowering::gpuVerifyContractBegin(const clang::CompoundStmt *body) {
  gvContractStmts_.clear();
  gvContract_.clear();
  for (const clang::Stmt *s : body->body()) {
    if (llvm::isa<clang::NullStmt>(s))
      continue;
    if (!isContractCall(gvKind(gpuVerifyName(asCall(s)))))
      break;
    gvContractStmts_.insert(s);
  }
  functionWideInvariants(body);
}

namespace {

// Whether `s` assigns `vd` (or takes its address, through which it could be).
bool assigns(const clang::Stmt *s, const clang::VarDecl *vd) {
  if (!s)
    return false;
  auto names = [&](const clang::Expr *e) {
    auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
    return dr && dr->getDecl() == vd;
  };
  if (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(s);
      bo && bo->isAssignmentOp() && names(bo->getLHS()))
    return true;
  if (auto *uo = llvm::dyn_cast<clang::UnaryOperator>(s);
      uo && (uo->isIncrementDecrementOp() || uo->getOpcode() == clang::UO_AddrOf) &&
      names(uo->getSubExpr()))
    return true;
  for (const clang::Stmt *child : s->children())
    if (assigns(child, vd))
      return true;
  return false;
}

bool hasLoop(const clang::Stmt *s) {
  if (!s)
    return false;
  if (llvm::isa<clang::ForStmt>(s) || llvm::isa<clang::WhileStmt>(s) || llvm::isa<clang::DoStmt>(s))
    return true;
  for (const clang::Stmt *child : s->children())
    if (hasLoop(child))
      return true;
  return false;
}

} // namespace

// GPUVerify's `__function_wide_invariant(e)`: an invariant of every loop of the
// function, written as its last statements. It is lowered before the body, so that
// each loop's condition adds it to the loop's invariants (loopCondition); it may
// name only what means the same at every loop: the parameters the function never
// assigns, the variables declared with a value before its first loop (at the top
// of the body) and never assigned, memory and the thread's ids.
void CLowering::functionWideInvariants(const clang::CompoundStmt *body) {
  gvFunctionWide_.clear();
  gvFunctionWideStmts_.clear();
  std::vector<const clang::Stmt *> stmts(body->body_begin(), body->body_end());
  std::set<const clang::VarDecl *> fixed; // declared before the first loop, with a value
  for (const clang::Stmt *s : stmts) {
    if (hasLoop(s))
      break;
    if (auto *ds = llvm::dyn_cast<clang::DeclStmt>(s))
      for (const clang::Decl *d : ds->decls())
        if (auto *vd = llvm::dyn_cast<clang::VarDecl>(d); vd && vd->hasInit())
          fixed.insert(vd);
  }
  for (auto it = stmts.rbegin(); it != stmts.rend(); ++it) {
    if (llvm::isa<clang::NullStmt>(*it))
      continue;
    Gv k = gvKind(gpuVerifyName(asCall(*it)));
    if (k != Gv::FunctionWide && k != Gv::Candidate)
      break;
    gvFunctionWideStmts_.insert(*it);
  }
  for (const clang::Stmt *s : stmts) {
    const clang::CallExpr *c = asCall(s);
    if (!gvFunctionWideStmts_.count(s) || gvKind(gpuVerifyName(c)) != Gv::FunctionWide)
      continue;
    SourceRange r = range(c);
    if (c->getNumArgs() != 1) {
      typeError(r, "GPUVerify's '__function_wide_invariant' takes one argument");
      continue;
    }
    bool ok = true;
    std::function<void(const clang::Stmt *)> check = [&](const clang::Stmt *e) {
      if (auto *dr = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
        auto *vd = llvm::dyn_cast<clang::VarDecl>(dr->getDecl());
        if (vd && vd->isLocalVarDeclOrParm() &&
            ((!llvm::isa<clang::ParmVarDecl>(vd) && !fixed.count(vd)) || assigns(body, vd))) {
          typeError(range(dr), "a function-wide invariant may name only the parameters and "
                               "the variables declared before the first loop that the "
                               "function never assigns ('" +
                                   vd->getNameAsString() +
                                   "' is not one): it is an invariant of every loop of the "
                                   "function");
          ok = false;
        }
      }
      for (const clang::Stmt *child : e->children())
        if (child)
          check(child);
    };
    check(c->getArg(0));
    if (!ok)
      continue;
    if (ExprPtr e = gpuVerifySpec(c->getArg(0)))
      gvFunctionWide_.push_back({ir::ClauseKind::LoopInvariant, e, r});
  }
}

void CLowering::gpuVerifyContractEnd(std::vector<ir::Clause> &contract) {
  contract.insert(contract.end(), gvContract_.begin(), gvContract_.end());
  gvContract_.clear();
  gvContractStmts_.clear();
}

// A statement that is a GPUVerify annotation: lowered (true) or left to the caller.
bool CLowering::gpuVerifyStatement(const clang::Stmt *s, std::vector<StmtPtr> &out) {
  const clang::CallExpr *c = asCall(s);
  std::string name = gpuVerifyName(c);
  Gv kind = gvKind(name);
  if (kind == Gv::None)
    return false;
  SourceRange r = range(c);
  auto arg = [&]() -> const clang::Expr * {
    if (c->getNumArgs() == 1)
      return c->getArg(0);
    typeError(r, "GPUVerify's '" + name + "' takes one argument");
    return nullptr;
  };
  if (isContractCall(kind)) {
    if (!gvContractStmts_.count(s)) {
      typeError(r, "GPUVerify's '" + name +
                       "' must be among the first statements of the function body, before "
                       "any other statement");
      return true;
    }
    if (kind == Gv::FreshArray) {
      gpuVerifyDropped(name, r,
                       "it assumes the array aliases no other, and kprove never assumes it "
                       "(ignoring an assumption is sound)");
      return true;
    }
    if ((kind == Gv::GlobalRequires || kind == Gv::GlobalEnsures) && !inKernel_) {
      // A kernel's entry and exit are reached by every thread; a function's are not.
      unsupported(r, "'" + name + "' on a function that is not a kernel (" +
                         std::string(kAllThreads) + ")");
      return true;
    }
    const clang::Expr *a = arg();
    ContractPointers asPassed(*this); // a contract clause, though written in the body
    if (ExprPtr e = a ? gpuVerifySpec(a) : nullptr) {
      bool pre = kind == Gv::Requires || kind == Gv::GlobalRequires;
      gvContract_.push_back({pre ? ir::ClauseKind::Requires : ir::ClauseKind::Ensures, e, r});
    }
    return true;
  }
  switch (kind) {
  case Gv::GlobalAssert: {
    // This thread's claim, and the second thread's wherever that thread is.
    const clang::Expr *a = arg();
    ExprPtr e = a ? gpuVerifySpec(a) : nullptr;
    if (!e)
      return true;
    for (ExprPtr claim : {e, otherThread(e, r)}) {
      auto st = newStmt(StmtKind::Assert, r);
      st->value = claim;
      out.push_back(st);
    }
    return true;
  }
  case Gv::Assert:
  case Gv::Assume: {
    const clang::Expr *a = arg();
    ExprPtr e = a ? gpuVerifySpec(a) : nullptr;
    if (!e)
      return true;
    auto st = newStmt(kind == Gv::Assert ? StmtKind::Assert : StmtKind::Assume, r);
    st->value = e;
    out.push_back(st);
    return true;
  }
  case Gv::Invariant:
  case Gv::GlobalInvariant:
    typeError(r, "GPUVerify's '" + name +
                     "' is not at a loop head: it belongs in its loop's condition, before the "
                     "test: `while (" +
                     name + "(e), c)` or `for (init; " + name + "(e), c; step)`");
    return true;
  case Gv::Candidate:
    gpuVerifyDropped(name, r, "a candidate invariant is a hint (ignoring it is sound)");
    return true;
  case Gv::AccessPermission:
    gpuVerifyDropped(name, r,
                     "it lets GPUVerify's barrier invariants access memory; kprove's barrier "
                     "contracts read memory only under the permissions the /*@ @*/ contract "
                     "hands in (ignoring it grants nothing)");
    return true;
  case Gv::BarrierInvariant:
    barrierInvariant(c, name);
    return true;
  case Gv::FunctionWide:
    if (!gvFunctionWideStmts_.count(s))
      typeError(r, "GPUVerify's '" + name +
                       "' belongs at the end of the function body, after every other "
                       "statement");
    return true; // lowered by functionWideInvariants
  case Gv::Rejected:
    gpuVerifyRejected(name, r);
    return true;
  default:
    return false; // an expression (`__implies(a, b);`): lowered as one
  }
}

// `__invariant(a), __invariant(b), c`: the invariants join `clauses`; returns c. A
// comma chain whose leading operands are not all GPUVerify invariants is returned
// whole (the caller reports what it cannot lower).
const clang::Expr *CLowering::gpuVerifyLoopHead(const clang::Expr *c,
                                                std::vector<ir::Clause> &clauses) {
  std::vector<const clang::Expr *> items;
  const clang::Expr *cur = c;
  while (auto *bo = llvm::dyn_cast<clang::BinaryOperator>(cur->IgnoreParens())) {
    if (bo->getOpcode() != clang::BO_Comma)
      break;
    items.push_back(bo->getRHS());
    cur = bo->getLHS();
  }
  if (items.empty())
    return c;
  items.push_back(cur);
  std::reverse(items.begin(), items.end());
  const clang::Expr *test = items.back();
  items.pop_back();
  for (const clang::Expr *h : items) {
    Gv k = gvKind(gpuVerifyName(llvm::dyn_cast<clang::CallExpr>(h->IgnoreParenImpCasts())));
    // An __assert at the loop head is an invariant too (GPUVerify: __invariant is
    // a synonym of __assert).
    if (k != Gv::Invariant && k != Gv::GlobalInvariant && k != Gv::Assert && k != Gv::Candidate &&
        k != Gv::Rejected)
      return c;
  }
  for (const clang::Expr *h : items) {
    auto *call = llvm::dyn_cast<clang::CallExpr>(h->IgnoreParenImpCasts());
    std::string name = gpuVerifyName(call);
    SourceRange r = range(call);
    Gv k = gvKind(name);
    if (k == Gv::Candidate) {
      // A hint about variables only is a candidate of kprove's own inference (kept
      // when proved: vcgen/invariant_inference.h); one about memory, access logs or
      // other threads is dropped (ignoring a hint is sound).
      ExprPtr e = call->getNumArgs() == 1 && readsVariablesOnly(call->getArg(0))
                      ? gpuVerifySpec(call->getArg(0))
                      : nullptr;
      if (e) {
        ir::Clause candidate{ir::ClauseKind::LoopInvariant, e, r};
        candidate.candidate = 0; // numbered by vcgen::addCandidateInvariants
        clauses.push_back(std::move(candidate));
      } else {
        gpuVerifyDropped(name, r,
                         "a candidate invariant is a hint (ignoring it is sound); kprove "
                         "checks candidates about variables only");
      }
    } else if (k == Gv::Rejected) {
      gpuVerifyRejected(name, r);
    } else if (call->getNumArgs() != 1) {
      typeError(r, "GPUVerify's '" + name + "' takes one argument");
    } else if (ExprPtr e = gpuVerifySpec(call->getArg(0))) {
      clauses.push_back({ir::ClauseKind::LoopInvariant, e, r});
      // __global_invariant: the second thread's too, wherever it is (a separate
      // clause: this thread's part stays an assumption of each iteration).
      if (k == Gv::GlobalInvariant)
        clauses.push_back({ir::ClauseKind::LoopInvariant, otherThread(e, r), r});
    }
  }
  return test;
}

// The mathematical sum of `args` lies in the range of the C type of c's first
// argument (null after an error).
ExprPtr CLowering::sumFits(const clang::CallExpr *c, const std::string &name,
                           const std::vector<ExprPtr> &args) {
  SourceRange r = range(c);
  ir::IntType t = cintOf(c->getArg(0)->getType());
  if (!t.bounded() || t.bits > 32) {
    unsupported(r, "'" + name + "' on a type wider than 32 bits");
    return nullptr;
  }
  int64_t lo = t.isSigned ? -(int64_t{1} << (t.bits - 1)) : 0;
  int64_t hi = t.isSigned ? (int64_t{1} << (t.bits - 1)) - 1 : (int64_t{1} << t.bits) - 1;
  ExprPtr sum = args[0];
  for (size_t i = 1; i < args.size(); ++i)
    sum = ir::makeBinary(ir::BinOp::Add, sum, args[i], r);
  return ir::makeBinary(ir::BinOp::And, ir::makeBinary(ir::BinOp::Le, ir::makeInt(lo, r), sum, r),
                        ir::makeBinary(ir::BinOp::Le, sum, ir::makeInt(hi, r), r), r);
}

// `__add_noovfl_int(a, b)` in code: GPUVerify's addition that assumes it does not
// overflow. The assumption is the user's (like __assume): a statement before the
// expression; the value is the exact sum.
ExprPtr CLowering::addNoOverflow(const clang::CallExpr *c, const std::string &name,
                                 std::vector<StmtPtr> &pre) {
  SourceRange r = range(c);
  if (gvSpecDepth_ > 0) {
    unsupported(r, "'" + name +
                       "' inside an annotation (it assumes that its sum does not overflow: "
                       "write __add_noovfl(a, b) for the claim)");
    return nullptr;
  }
  if (c->getNumArgs() != 2) {
    typeError(r, "GPUVerify's '" + name + "' takes two arguments");
    return nullptr;
  }
  std::vector<ExprPtr> args;
  for (const clang::Expr *a : c->arguments()) {
    ExprPtr v = value(a, pre);
    if (!v)
      return nullptr;
    args.push_back(v);
  }
  ExprPtr fits = sumFits(c, name, args);
  if (!fits)
    return nullptr;
  auto assume = newStmt(StmtKind::Assume, r);
  assume->value = fits;
  pre.push_back(assume);
  return typed(ir::makeBinary(ir::BinOp::Add, args[0], args[1], r), cintOf(c->getType()));
}

// `e` as the second thread evaluates it (ir's Other): a copy of its own, since later
// passes rewrite expressions in place (C's conversions).
ExprPtr CLowering::otherThread(const ExprPtr &e, SourceRange r) {
  auto o = std::make_shared<ir::Expr>();
  o->kind = ExprKind::Other;
  o->range = r;
  o->args = {ir::cloneExpr(e)};
  o->cint = e->cint;
  return o;
}

// A GPUVerify function inside an expression: its value (null after an error), or
// nullopt when the call is no GPUVerify annotation.
std::optional<ExprPtr> CLowering::gpuVerifyValue(const clang::CallExpr *c,
                                                 std::vector<StmtPtr> &pre) {
  std::string name = gpuVerifyName(c);
  Gv kind = gvKind(name);
  if (kind == Gv::None)
    return std::nullopt;
  SourceRange r = range(c);
  if (gpuVerifyRejected(name, r))
    return ExprPtr();
  if (kind == Gv::AddNoOverflowValue)
    return addNoOverflow(c, name, pre);
  if (gvSpecDepth_ == 0) {
    typeError(r, "GPUVerify's '" + name +
                     "' is an annotation: it may appear only as a statement (__assert, "
                     "__requires, ...) or inside the argument of one");
    return ExprPtr();
  }
  if (kind == Gv::AccessFlag || kind == Gv::AccessOffset)
    return accessHistoryValue(c, name, kind == Gv::AccessOffset);
  std::vector<ExprPtr> args;
  for (const clang::Expr *a : c->arguments()) {
    // An int parameter given a comparison takes C's 0 or 1 (`__other_int(x == 0)`).
    ExprPtr v = a->getType()->isBooleanType() ? cond(a, pre) : convertTo(a, Type::Int, pre);
    if (!v)
      return ExprPtr();
    args.push_back(v);
  }
  switch (kind) {
  case Gv::Implies:
    return ir::makeBinary(ir::BinOp::Implies, args[0], args[1], r);
  case Gv::Enabled: {
    // True for the thread executing the annotation; inside __other_bool, whether the
    // second thread is at this point too.
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Enabled;
    e->range = r;
    return e;
  }
  case Gv::Other:
    return otherThread(args[0], r);
  case Gv::SameGroup: {
    // The group ids of every dimension equal the second thread's: a marked name that
    // resolveGpuBuiltins expands once the ids are variables.
    auto v = ir::makeVar(std::string(kBuiltinMark) + std::string(kSameGroupMark), r);
    v->type = Type::Bool;
    return v;
  }
  case Gv::Uniform:
  case Gv::Distinct:
    return ir::makeBinary(kind == Gv::Uniform ? ir::BinOp::Eq : ir::BinOp::Ne, args[0],
                          otherThread(args[0], r), r);
  case Gv::All:
  case Gv::Exclusive: {
    ExprPtr both = ir::makeBinary(ir::BinOp::And, args[0], otherThread(args[0], r), r);
    return kind == Gv::All ? both : ir::makeUnary(ir::UnOp::Not, both, r);
  }
  case Gv::Ite: {
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Ite;
    e->range = r;
    e->args = args;
    e->cint = cintOf(c->getType());
    return e;
  }
  case Gv::ReturnVal: {
    if (inKernel_) {
      typeError(r, "GPUVerify's '" + name + "' in a kernel (a kernel returns no value)");
      return ExprPtr();
    }
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Result;
    e->range = r;
    e->cint = returnCint_;
    return e;
  }
  case Gv::Old: {
    auto e = std::make_shared<ir::Expr>();
    e->kind = ExprKind::Old;
    e->range = r;
    e->args = args;
    e->cint = args[0]->cint;
    return e;
  }
  case Gv::AddNoOverflow:
    return sumFits(c, name, args);
  default:
    typeError(r, "GPUVerify's '" + name +
                     "' is a statement: it may not appear inside an expression (a loop "
                     "invariant is written before the loop's test: `while (__invariant(e), c)`)");
    return ExprPtr();
  }
}

} // namespace kprove::lang::clower

namespace kprove::lang::clower {

namespace {

bool mentionsSecondThread(const ExprPtr &e) {
  return ir::containsKind(e, ExprKind::Other) || ir::containsKind(e, ExprKind::Enabled);
}

} // namespace

// GPUVerify's `__barrier_invariant_N(e, i1, ..., iN)`, right before a barrier: every
// thread of the group holds e at the barrier, so after it e holds for the threads
// whose local id in dimension 0 is i1, ..., iN. It joins the barrier's contract
// (barrier() takes the clauses): `requires e`, which each thread proves of itself
// (barrier.pre), and per instance `ensures e[get_local_id(0) := ik]` for an ik
// within the group, which the barrier check proves from all threads' requires
// (barrier.post) — so no instance is assumed that does not follow. The memory e
// reads needs permission in the contract, like any clause (framing). The instance is
// a marked call that resolveGpuBuiltins expands once the thread ids are variables
// (lang/c/gpu_builtins.cpp), so get_global_id(0), \ltid and threadIdx.x follow ik.
void CLowering::barrierInvariant(const clang::CallExpr *c, const std::string &name) {
  SourceRange r = range(c);
  if (c->getNumArgs() < 2) {
    typeError(r,
              "GPUVerify's '" + name + "' takes a condition and the threads to instantiate it for");
    return;
  }
  ExprPtr e = gpuVerifySpec(c->getArg(0));
  if (!e)
    return;
  if (mentionsSecondThread(e)) {
    unsupported(range(c->getArg(0)),
                "a two-thread predicate in '" + name +
                    "' (kprove's barrier contracts are about one thread: use "
                    "__barrier_invariant_binary_N for two, which kprove does not model)");
    return;
  }
  std::vector<ExprPtr> instances;
  for (unsigned k = 1; k < c->getNumArgs(); ++k) {
    if (!isIntLike(c->getArg(k)->IgnoreImpCasts()->getType())) {
      typeError(range(c->getArg(k)), "GPUVerify's '" + name +
                                         "' instantiates its condition for local ids: this "
                                         "argument is not an integer");
      return;
    }
    ExprPtr i = gpuVerifySpec(c->getArg(k)->IgnoreImpCasts(), Type::Int);
    if (!i)
      return;
    instances.push_back(i);
  }
  if (gvBarrierInvariants_.empty())
    gvBarrierInvariantAt_ = r;
  // Blamed on the condition (barrier.pre) and on the instance (barrier.post).
  gvBarrierInvariants_.push_back({ir::ClauseKind::Requires, e, range(c->getArg(0))});
  for (const ExprPtr &i : instances) {
    auto call = std::make_shared<ir::Expr>();
    call->kind = ExprKind::Call;
    call->name = std::string(kBuiltinMark) + std::string(kBarrierInstance);
    call->range = i->range;
    call->args = {ir::cloneExpr(e), i};
    gvBarrierInvariants_.push_back({ir::ClauseKind::Ensures, call, i->range});
  }
}

bool CLowering::isBarrierInvariant(const clang::Stmt *s) const {
  return gvKind(gpuVerifyName(asCall(s))) == Gv::BarrierInvariant;
}

// Barrier invariants wait for their barrier: anything else first is a `type` error.
void CLowering::barrierInvariantsUnclaimed() {
  if (gvBarrierInvariants_.empty())
    return;
  typeError(gvBarrierInvariantAt_,
            "GPUVerify's barrier invariants belong right before a barrier (only further "
            "barrier invariants may come between)");
  gvBarrierInvariants_.clear();
}

} // namespace kprove::lang::clower
