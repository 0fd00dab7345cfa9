// Type checker: one pass over the IR with a stack of scopes. Errors are reported at
// the offending expression or name; an expression whose type could not be determined
// gets Type::Unknown and suppresses follow-on errors about it.
#include "lang/typecheck.h"

#include "logic/spelling.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace kprove::lang {
namespace {

using namespace ir;

constexpr const char *kReservedKernelNames[] = {"tid", "gid", "lid", "gsize", "tcount"};

bool isReservedKernelName(const std::string &name) {
  return std::find(std::begin(kReservedKernelNames), std::end(kReservedKernelNames), name) !=
         std::end(kReservedKernelNames);
}

enum class VarKind { Local, Param, Binder, ParIter, Reserved, KernelArray };

struct VarInfo {
  Type type = Type::Unknown;
  VarKind kind = VarKind::Local;
  std::string internal; // the IR name of a renamed local (ir::kScopeSeparator); empty: as declared
  bool threadPrivate = false; // declared inside a par block's body
  bool yields = false;        // a method's yields parameter (no value before the call)
  bool ghost = false;         // declared in ghost code, or a given/yields parameter
};

// Where an expression sits: decides whether permissions, \result and \old may occur.
struct ExprCtx {
  bool inSpec = false;     // contract clause, invariant, par/barrier clause or assert
  bool resourceOk = false; // a Resource may appear at this position
  bool resultOk = false;
  bool oldOk = false;
  // The innermost plain `\forall` whose body this is (a permission there is the
  // slip for `\forall*`); nullptr outside one.
  const Expr *plainForall = nullptr;

  ExprCtx noResource() const {
    ExprCtx c = *this;
    c.resourceOk = false;
    return c;
  }
};

bool isNumeric(Type t) {
  return t == Type::Int || t == Type::Frac;
}
// In a position where permissions are not allowed, a Resource operand has already been
// reported (at the Perm/PointsTo/\forall*/** that produced it), like an Unknown one.
bool reported(Type t) {
  return t == Type::Unknown || t == Type::Resource;
}
bool isFormula(Type t) {
  return t == Type::Bool || t == Type::Resource;
}

std::string quoted(const std::string &s) {
  return "'" + s + "'";
}

// Int literals may initialise fractions (`frac f = 1;`); null is an array value.
bool assignable(Type to, const Expr &from) {
  if (to == Type::Unknown || reported(from.type))
    return true;
  if (to == from.type)
    return true;
  if (to == Type::IntMatrix && from.kind == ExprKind::NullLit)
    return true;
  return to == Type::Frac && from.kind == ExprKind::IntLit;
}

class Checker {
public:
  Checker(Program &p, DiagnosticEngine &d) : prog_(p), diags_(d) {}

  bool run() {
    collectMethods();
    for (Method &m : prog_.methods)
      method(m);
    checkKernelNames();
    for (Kernel &k : prog_.kernels)
      kernel(k);
    for (GpuKernel &k : prog_.gpuKernels)
      gpuKernel(k);
    return ok_;
  }

private:
  // --- reporting and scopes ---

  void error(SourceRange r, std::string msg) {
    ok_ = false;
    diags_.error(DiagCode::Type, r, std::move(msg));
  }
  void unsupported(SourceRange r, std::string msg) {
    ok_ = false;
    diags_.error(DiagCode::Unsupported, r, std::move(msg));
  }

  struct ScopeGuard {
    Checker &c;
    explicit ScopeGuard(Checker &c) : c(c) { c.scopes_.emplace_back(); }
    ~ScopeGuard() { c.scopes_.pop_back(); }
  };

  bool declare(const std::string &name, VarInfo info, SourceRange r) {
    if (inKernel_ && isReservedKernelName(name) && info.kind != VarKind::Reserved) {
      error(r, quoted(name) + " is a reserved name in kernels");
      return false;
    }
    auto [it, inserted] = scopes_.back().emplace(name, info);
    if (!inserted) {
      error(r, "redeclaration of " + quoted(name));
      return false;
    }
    return true;
  }

  // Declares a local variable and returns its IR name: the source name the first time
  // a body declares it, `name#N` when it shadows a visible name or repeats a sibling's
  // (see ir::kScopeSeparator). A statement typechecked twice (a do-while body is
  // shared by its two copies) is renamed again, consistently with its uses.
  std::string declareLocal(const std::string &irName, Type type, SourceRange r) {
    std::string name = sourceName(irName);
    int n = ++localDecls_[name];
    VarInfo info{type, VarKind::Local, {}, !parNames_.empty() && !inBarrierBody_};
    info.ghost = ghostDepth_ > 0;
    if (n > 1 || lookup(name))
      info.internal = name + kScopeSeparator + std::to_string(n);
    declare(name, info, r);
    return info.internal.empty() ? name : info.internal;
  }

  const VarInfo *lookup(const std::string &irName) const {
    std::string name = sourceName(irName);
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s)
      if (auto it = s->find(name); it != s->end())
        return &it->second;
    return nullptr;
  }
  // Points a use of a variable at its declaration's IR name.
  static void resolve(Expr &use, const VarInfo &v) {
    if (!v.internal.empty())
      use.name = v.internal;
    else if (v.kind == VarKind::Local)
      use.name = sourceName(use.name);
  }

  const Method *findMethod(const std::string &name) const {
    auto it = methods_.find(name);
    return it == methods_.end() ? nullptr : it->second;
  }

  // "Did you mean" candidates (logic/spelling.h): the variables in scope
  // (innermost first) and, in an OpenCL/CUDA kernel, the builtin names of its
  // dialect that are written as variables (`threadIdx.x`).
  std::vector<std::string> namesInScope() const {
    std::vector<std::string> out;
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s)
      for (const auto &[name, info] : *s)
        if (!name.empty() && name[0] != '$')
          out.push_back(name);
    // Scopes are hash maps: a fixed order makes the suggestion deterministic.
    std::stable_sort(out.begin(), out.end());
    if (gpuKernel_ && gpuKernel_->cuda)
      for (const char *v : {"threadIdx", "blockIdx", "blockDim", "gridDim"})
        for (const char *f : {".x", ".y", ".z"})
          out.push_back(std::string(v) + f);
    return out;
  }
  // Functions: the file's methods and pure functions, and in an OpenCL kernel the
  // thread-id builtins written as calls.
  std::vector<std::string> functionNames() const {
    std::vector<std::string> out;
    for (const auto &[name, m] : methods_)
      out.push_back(name);
    std::sort(out.begin(), out.end());
    if (gpuKernel_ && !gpuKernel_->cuda)
      for (const char *f :
           {"get_local_id", "get_global_id", "get_group_id", "get_local_size", "get_global_size",
            "get_num_groups", "get_work_dim", "get_local_linear_id", "get_global_linear_id"})
        out.push_back(f);
    return out;
  }

  // --- declarations ---

  void collectMethods() {
    for (const Method &m : prog_.methods) {
      if (!methods_.emplace(m.name, &m).second)
        error(m.nameRange, "redeclaration of method " + quoted(m.name));
    }
  }

  void checkKernelNames() {
    std::unordered_map<std::string, const Kernel *> seen;
    for (const Kernel &k : prog_.kernels)
      if (!seen.emplace(k.name, &k).second)
        error(k.nameRange, "redeclaration of kernel " + quoted(k.name));
  }

  static ExprCtx clauseCtx(ClauseKind k, bool valueResult) {
    ExprCtx c;
    c.inSpec = true;
    c.resourceOk = k != ClauseKind::Decreases;
    c.resultOk = valueResult && k == ClauseKind::Ensures;
    c.oldOk = k == ClauseKind::Ensures || k == ClauseKind::LoopInvariant ||
              k == ClauseKind::KernelEnsures || k == ClauseKind::GroupEnsures;
    return c;
  }

  // `oldAnywhere`: a GPU kernel's barrier clauses may speak of the kernel's initial
  // state in any clause (VerCors does so), since all threads share it.
  void clause(Clause &c, bool valueResult, bool oldAnywhere = false) {
    if (!c.expr)
      return;
    ExprCtx ctx = clauseCtx(c.kind, valueResult);
    ctx.oldOk = ctx.oldOk || oldAnywhere;
    Type t = expr(*c.expr, ctx);
    if (c.kind == ClauseKind::Decreases) {
      if (t != Type::Unknown && t != Type::Int)
        error(c.expr->range, std::string("termination measure must be int, found ") + typeName(t));
      return;
    }
    if (t != Type::Unknown && !isFormula(t))
      error(c.expr->range,
            std::string("specification must be a boolean or resource, found ") + typeName(t));
  }

  void method(Method &m) {
    ScopeGuard scope(*this);
    localDecls_.clear();
    method_ = &m;
    for (const Param &p : m.params) {
      if (p.type == Type::Void)
        error(p.range, "parameter " + quoted(p.name) + " cannot have type void");
      VarInfo info{p.type, VarKind::Param};
      info.ghost = p.given;
      declare(p.name, info, p.range);
    }
    bool valueResult = m.returnType != Type::Void;
    // A yields parameter has no value before the body runs: only postconditions (and
    // the body) see it.
    for (Clause &c : m.contract)
      if (c.kind != ClauseKind::Ensures)
        clause(c, valueResult);
    if (m.pure && !m.yields.empty())
      error(m.yields.front().range, "pure function " + quoted(m.name) +
                                        " cannot have a yields parameter (VerCors: only methods "
                                        "yield ghost results)");
    for (const Param &p : m.yields) {
      if (p.type == Type::Void)
        error(p.range, "parameter " + quoted(p.name) + " cannot have type void");
      VarInfo info{p.type, VarKind::Local};
      info.yields = true;
      info.ghost = true;
      declare(p.name, info, p.range);
    }
    for (Clause &c : m.contract)
      if (c.kind == ClauseKind::Ensures)
        clause(c, valueResult);
    if (m.pure)
      pureBody(m);
    else if (m.body)
      stmts(*m.body); // the outermost block shares the parameters' scope
    method_ = nullptr;
  }

  void pureBody(Method &m) {
    if (m.returnType == Type::Void)
      error(m.nameRange, "pure function " + quoted(m.name) + " must return a value");
    if (!m.pureBody)
      return;
    Type t = expr(*m.pureBody, ExprCtx{});
    if (!assignable(m.returnType, *m.pureBody))
      error(m.pureBody->range, "body of " + quoted(m.name) + " has type " + typeName(t) +
                                   ", expected " + typeName(m.returnType));
  }

  void kernel(Kernel &k) {
    ScopeGuard scope(*this);
    localDecls_.clear();
    inKernel_ = true;
    for (const char *name : kReservedKernelNames)
      declare(name, {Type::Int, VarKind::Reserved}, k.nameRange);
    for (KernelArray &a : k.arrays) {
      if (a.length)
        requireType(*a.length, ExprCtx{}, Type::Int, "array length");
    }
    for (const KernelArray &a : k.arrays)
      declare(a.name, {Type::IntArray, VarKind::KernelArray}, a.range);
    for (Clause &c : k.contract)
      clause(c, false);
    if (!k.mainRange.valid())
      error(k.nameRange, "kernel " + quoted(k.name) + " has no main()");
    stmts(k.body); // main's body shares the kernel scope: redeclaring `tid` is an error
    inKernel_ = false;
  }

  void gpuKernel(GpuKernel &k) {
    gpuKernel_ = &k;
    ScopeGuard scope(*this);
    localDecls_.clear();
    for (const char *kind : {"lid", "grp", "lsz", "ngr"})
      for (int d = 0; d < 3; ++d)
        declare(gpuBuiltinName(kind, d), {Type::Int, VarKind::Reserved}, k.nameRange);
    declare("$wdim", {Type::Int, VarKind::Reserved}, k.nameRange);
    for (const Param &p : k.params)
      declare(p.name, {p.type, VarKind::Param}, p.range);
    for (KernelArray &a : k.locals) {
      if (a.length && a.length->kind == ExprKind::Var)
        declare(a.length->name, {Type::Int, VarKind::Reserved}, a.range);
      if (a.length)
        requireType(*a.length, ExprCtx{}, Type::Int, "array length");
      declare(a.name, {Type::IntArray, VarKind::KernelArray}, a.range);
    }
    for (Clause &c : k.contract)
      clause(c, false);
    inGpuKernel_ = true;
    ScopeGuard bodyScope(*this);
    stmts(k.body);
    inGpuKernel_ = false;
    gpuKernel_ = nullptr;
  }

  void atomicStmt(Stmt &s) {
    if (!inGpuKernel_)
      unsupported(s.range, "atomics outside a kernel (in a helper function)");
    for (ExprPtr &a : s.args)
      if (a)
        requireType(*a, ExprCtx{}, Type::Int, "atomic operand");
    if (s.target && target(*s.target) != Type::Int && s.target->type != Type::Unknown)
      error(s.target->range, "the result of an atomic is an int");
  }

  // --- statements ---

  void block(std::vector<StmtPtr> &body) {
    ScopeGuard scope(*this);
    stmts(body);
  }

  // Statements may insert a follow-up statement (see varDecl), hence the index loop.
  void stmts(std::vector<StmtPtr> &body) {
    for (size_t i = 0; i < body.size(); ++i)
      if (body[i])
        stmt(body, i);
  }

  // Ghost code (`ghost S`) is erased when the program runs, so it may change ghost
  // variables only, and must end: an assignment to a program variable, an array
  // element or a field, a return, a loop (whose termination kprove does not prove)
  // or a call of a method that writes memory would give the verified program an
  // effect, or a stop, the real one does not have.
  void stmt(std::vector<StmtPtr> &body, size_t i) {
    Stmt &s = *body[i];
    if (s.ghost)
      ++ghostDepth_;
    if (ghostDepth_ > 0)
      ghostRules(s);
    stmtOfKind(body, i);
    if (s.ghost)
      --ghostDepth_;
  }

  void ghostRules(const Stmt &s) {
    switch (s.kind) {
    case StmtKind::Return:
      error(s.range, "ghost code cannot return (the program runs without it)");
      return;
    case StmtKind::While:
      unsupported(s.range, "a loop in ghost code (kprove does not prove that it ends, and the "
                           "program runs without it)");
      return;
    case StmtKind::Par:
    case StmtKind::Parallel:
    case StmtKind::Sequential:
    case StmtKind::Vec:
    case StmtKind::Barrier:
    case StmtKind::Atomic:
    case StmtKind::InvariantBlock:
    case StmtKind::AtomicBlock:
      unsupported(s.range, "a parallel block, barrier or atomic in ghost code");
      return;
    case StmtKind::Assign:
      if (s.target && s.target->kind == ExprKind::Var && !s.value) // `x = m(..)` lowered later
        return;
      if (s.target && !ghostTarget(*s.target))
        error(s.target->range, "ghost code can assign ghost variables only (the program runs "
                               "without it): " +
                                   ghostTargetWhat(*s.target));
      return;
    case StmtKind::Call:
      if (const Method *m = findMethod(s.name); m && !m->pure) {
        if (std::string w = writesMemory(*m); !w.empty())
          error(s.nameRange.valid() ? s.nameRange : s.range,
                "ghost code cannot call " + quoted(s.name) + ", which " + w +
                    " (the program runs without ghost code)");
      }
      if (s.target && !ghostTarget(*s.target))
        error(s.target->range, "ghost code can assign ghost variables only (the program runs "
                               "without it): " +
                                   ghostTargetWhat(*s.target));
      for (const ir::GhostArg &y : s.yields)
        if (y.value && !ghostTarget(*y.value))
          error(y.value->range, "ghost code can assign ghost variables only (the program runs "
                                "without it): " +
                                    ghostTargetWhat(*y.value));
      return;
    default:
      return;
    }
  }

  bool ghostTarget(const Expr &t) const {
    if (t.kind != ExprKind::Var || t.name.rfind("this.", 0) == 0)
      return false;
    const VarInfo *v = lookup(t.name);
    return v ? v->ghost : false;
  }
  std::string ghostTargetWhat(const Expr &t) const {
    if (t.kind == ExprKind::Var && t.name.rfind("this.", 0) != 0 && lookup(t.name))
      return quoted(sourceName(t.name)) + " is a program variable";
    return "an array element or a field is program memory";
  }

  // What makes method m (its body, the bodies of the methods it calls) change memory
  // a caller shares: "" when nothing. A bodiless method's contract is trusted
  // (docs/soundness.md), as everywhere.
  std::string writesMemory(const Method &m) {
    if (auto it = writesMemo_.find(m.name); it != writesMemo_.end())
      return it->second;
    writesMemo_[m.name] = ""; // recursion: what the other calls find
    std::string found;
    std::function<void(const std::vector<StmtPtr> &)> walk = [&](const std::vector<StmtPtr> &b) {
      for (const StmtPtr &st : b) {
        if (!st || !found.empty())
          continue;
        bool fieldOrCell =
            st->target &&
            (st->target->kind == ExprKind::Index ||
             (st->target->kind == ExprKind::Var && (st->target->name.rfind("this.", 0) == 0 ||
                                                    isFieldOf(m.className, st->target->name))));
        if ((st->kind == StmtKind::Assign || st->kind == StmtKind::Call) && fieldOrCell)
          found = "writes memory";
        else if (st->kind == StmtKind::Assign && st->value && st->value->kind == ExprKind::NewArray)
          found = "allocates memory";
        else if (st->kind == StmtKind::Call ||
                 (st->kind == StmtKind::Assign && methodCall(st->value)))
          if (const Method *c = findMethod(st->kind == StmtKind::Call ? st->name : st->value->name);
              c && !c->pure && !writesMemory(*c).empty())
            found = "calls " + quoted(c->name) + ", which " + writesMemory(*c);
        walk(st->body);
        walk(st->elseBody);
      }
    };
    if (m.body)
      walk(*m.body);
    else if (contractMayWrite(m))
      found = "may write memory (it has no body, and its precondition may hand it write "
              "permission)";
    return writesMemo_[m.name] = found;
  }
  // Whether a bodiless method's precondition may give it a whole permission (so its
  // trusted postcondition may say it changed the cell). Locations are symbolic, so the
  // amounts of all its permissions together must stay below 1: constant fractions
  // summing below 1, or a single `read` (0 < read < 1) and nothing else. A permission
  // under \forall* (several instances may name one cell), a predicate (its body may
  // hold any), or an amount that is not a constant may write.
  static bool contractMayWrite(const Method &m) {
    int64_t num = 0, den = 1; // the constant amounts' sum
    int reads = 0;
    bool may = false;
    std::function<void(const Expr &)> walk = [&](const Expr &e) {
      if (may)
        return;
      if (e.kind == ExprKind::ForallStar ||
          (e.kind == ExprKind::Call && e.type == Type::Resource)) {
        may = true;
        return;
      }
      if (e.kind == ExprKind::Perm || e.kind == ExprKind::PointsTo) {
        const Expr &amount = *e.args[1];
        int64_t p = 0, q = 1;
        if (amount.kind == ExprKind::PermConst && amount.permConst == ir::PermConst::Read)
          ++reads;
        else if (!constantFraction(amount, p, q) || !addFraction(num, den, p, q))
          may = true;
        return;
      }
      for (const ExprPtr &a : e.args)
        if (a)
          walk(*a);
    };
    for (const Clause &c : m.contract)
      if ((c.kind == ClauseKind::Requires || c.kind == ClauseKind::Context ||
           c.kind == ClauseKind::ContextEverywhere) &&
          c.expr)
        walk(*c.expr);
    if (may)
      return true;
    return reads == 0 ? num >= den : reads > 1 || num > 0;
  }
  // A literal amount p/q >= 0 (write is 1, none 0), or false.
  static bool constantFraction(const Expr &e, int64_t &p, int64_t &q) {
    if (e.kind == ExprKind::PermConst) {
      p = e.permConst == ir::PermConst::Write ? 1 : 0;
      q = 1;
      return e.permConst != ir::PermConst::Read;
    }
    if (e.kind == ExprKind::IntLit) {
      p = e.intValue;
      q = 1;
      return p >= 0;
    }
    if (e.kind == ExprKind::Binary &&
        (e.binop == ir::BinOp::FracDiv || e.binop == ir::BinOp::Div) &&
        e.args[0]->kind == ExprKind::IntLit && e.args[1]->kind == ExprKind::IntLit) {
      p = e.args[0]->intValue;
      q = e.args[1]->intValue;
      return p >= 0 && q > 0;
    }
    return false;
  }
  // num/den += p/q, reduced; false when the numbers grow too large to add exactly.
  static bool addFraction(int64_t &num, int64_t &den, int64_t p, int64_t q) {
    constexpr int64_t kLimit = int64_t{1} << 30;
    if (p > kLimit || q > kLimit || num > kLimit || den > kLimit)
      return false;
    num = num * q + p * den;
    den = den * q;
    int64_t g = std::gcd(num, den);
    if (g > 1) {
      num /= g;
      den /= g;
    }
    return true;
  }
  bool isFieldOf(const std::string &cls, const std::string &name) const {
    if (cls.empty())
      return false;
    for (const ir::Field &f : prog_.fields)
      if (f.className == cls && f.name == name)
        return true;
    return false;
  }

  void stmtOfKind(std::vector<StmtPtr> &body, size_t i) {
    Stmt &s = *body[i];
    switch (s.kind) {
    case StmtKind::Block:
      return block(s.body);
    case StmtKind::VarDecl:
      return varDecl(body, i);
    case StmtKind::Assign:
      return assign(s);
    case StmtKind::If:
      condition(s.cond);
      block(s.body);
      block(s.elseBody);
      return;
    case StmtKind::While:
      for (Clause &c : s.clauses)
        clause(c, false);
      condition(s.cond);
      block(s.body);
      return;
    case StmtKind::Return:
      return returnStmt(s);
    case StmtKind::Assert:
      if (s.value)
        requireFormula(*s.value, clauseCtx(ClauseKind::LoopInvariant, false), "assertion");
      return;
    case StmtKind::Assume:
      if (s.value)
        requireType(*s.value, ExprCtx{}, Type::Bool, "assumption");
      return;
    case StmtKind::Call:
      return callStmt(s);
    case StmtKind::Par:
      return par(s);
    case StmtKind::Parallel: {
      ++parallelRegions_;
      stmts(s.body);
      --parallelRegions_;
      return;
    }
    case StmtKind::Sequential:
      return stmts(s.body);
    case StmtKind::Vec:
      return vec(s);
    case StmtKind::Barrier:
      return barrier(s);
    case StmtKind::Break:
    case StmtKind::Continue:
      return;
    case StmtKind::Atomic:
      return atomicStmt(s);
    case StmtKind::InvariantBlock:
      return invariantBlock(s);
    case StmtKind::AtomicBlock:
      return atomicBlock(s);
    }
  }

  // `invariant NAME(e) { ... }`: e is a specification (no \old: it is checked and
  // assumed at several states).
  void invariantBlock(Stmt &s) {
    if (s.value) {
      ExprCtx c = clauseCtx(ClauseKind::Requires, false);
      requireFormula(*s.value, c, "invariant");
    }
    invariants_.push_back({&s, false});
    block(s.body);
    invariants_.pop_back();
  }

  // `atomic(NAME) { ... }` names an enclosing invariant block it is not already in;
  // its body holds the invariant's resources, so no other thread may run at the
  // same time: no barrier or par block inside it.
  void atomicBlock(Stmt &s) {
    // By index: the body's invariant blocks may grow the vector.
    std::optional<size_t> held;
    for (size_t k = invariants_.size(); k-- > 0 && !held;)
      if (invariants_[k].first->name == s.name)
        held = k;
    if (!held) {
      error(s.nameRange,
            "atomic names " + quoted(s.name) + ", which is not an enclosing invariant block");
    } else if (invariants_[*held].second) {
      error(s.nameRange,
            "atomic(" + s.name + ") inside atomic(" + s.name + ") would hold the invariant twice");
      held.reset();
    } else {
      s.value = invariants_[*held].first->value;
      invariants_[*held].second = true;
    }
    forbidInAtomic(s.body);
    block(s.body);
    if (held)
      invariants_[*held].second = false;
  }

  void forbidInAtomic(const std::vector<StmtPtr> &body) {
    for (const StmtPtr &b : body) {
      if (!b)
        continue;
      if (b->kind == StmtKind::Barrier || b->kind == StmtKind::Par ||
          b->kind == StmtKind::Parallel || b->kind == StmtKind::Sequential)
        unsupported(b->range, "a barrier or par block inside an atomic block");
      forbidInAtomic(b->body);
      forbidInAtomic(b->elseBody);
    }
  }

  // Is `e` a call of a non-pure method (allowed only as a whole right-hand side)?
  const Method *methodCall(const ExprPtr &e) const {
    if (!e || e->kind != ExprKind::Call)
      return nullptr;
    const Method *m = findMethod(e->name);
    return m && !m->pure ? m : nullptr;
  }

  // `T x = m(...)` becomes `T x;` followed by the call statement `x = m(...)`.
  void varDecl(std::vector<StmtPtr> &body, size_t i) {
    Stmt &s = *body[i];
    if (s.declType == Type::Void)
      error(s.nameRange, "variable " + quoted(s.name) + " cannot have type void");
    if (methodCall(s.value)) {
      auto call = std::make_shared<Stmt>();
      call->kind = StmtKind::Call;
      call->range = s.range;
      call->ghost = s.ghost;
      call->name = s.value->name;
      call->nameRange = s.value->range;
      call->args = s.value->args;
      call->given = s.value->given;
      call->yields = s.value->yields;
      call->target = makeVar(s.name, s.nameRange);
      s.value = nullptr;
      s.name = declareLocal(s.name, s.declType, s.nameRange);
      call->target->name = s.name;
      body.insert(body.begin() + static_cast<std::ptrdiff_t>(i) + 1, call);
      return;
    }
    if (s.value && s.value->kind == ExprKind::NewArray) {
      if (s.declType != Type::IntArray)
        error(s.value->range, std::string("cannot initialise ") + typeName(s.declType) +
                                  " variable " + quoted(sourceName(s.name)) + " with a new int[]");
      allocation(*s.value);
    } else if (s.value) {
      Type t = expr(*s.value, ExprCtx{});
      if (!assignable(s.declType, *s.value))
        error(s.value->range, std::string("cannot initialise ") + typeName(s.declType) +
                                  " variable " + quoted(sourceName(s.name)) + " with " +
                                  typeName(t));
    }
    s.name = declareLocal(s.name, s.declType, s.nameRange);
  }

  // The target of an assignment or call result: a mutable variable or array element.
  Type target(Expr &t) {
    if (t.kind == ExprKind::Var && lowerField(t))
      return t.kind == ExprKind::Index ? t.type : Type::Unknown;
    if (t.kind != ExprKind::Var) {
      Type type = expr(t, ExprCtx{});
      if (type == Type::IntArray && t.kind == ExprKind::Index)
        unsupported(t.range, "assigning a row of a 2-D array (kprove takes a 2-D array's rows "
                             "as fixed: docs/soundness.md)");
      return type;
    }
    const VarInfo *v = lookup(t.name);
    if (!v) {
      error(t.range, "unknown identifier " + quoted(t.name) + didYouMean(t.name, namesInScope()));
      return Type::Unknown;
    }
    resolve(t, *v);
    t.type = v->type;
    switch (v->kind) {
    case VarKind::Reserved:
      error(t.range, "cannot assign to reserved kernel name " + quoted(t.name));
      break;
    case VarKind::ParIter:
      error(t.range, "cannot assign to par iteration variable " + quoted(t.name));
      break;
    case VarKind::KernelArray:
      error(t.range, "cannot assign to kernel array " + quoted(t.name));
      break;
    case VarKind::Binder:
      error(t.range, "cannot assign to bound variable " + quoted(t.name));
      break;
    default:
      break;
    }
    return t.type;
  }

  void assign(Stmt &s) {
    if (methodCall(s.value)) {
      // `x = m(...)` for a non-pure method m is a call statement with a target.
      ExprPtr call = s.value;
      s.kind = StmtKind::Call;
      s.name = call->name;
      s.nameRange = call->range;
      s.args = call->args;
      s.given = call->given;
      s.yields = call->yields;
      s.value = nullptr;
      return callStmt(s);
    }
    if (!s.target || !s.value)
      return;
    Type t = target(*s.target);
    if (s.value->kind == ExprKind::NewArray) {
      if (s.target->kind != ExprKind::Var)
        unsupported(s.value->range, "storing a new array in an array element");
      else if (t != Type::IntArray && !reported(t))
        error(s.value->range, std::string("cannot assign a new int[] to ") + typeName(t) +
                                  " variable " + quoted(sourceName(s.target->name)));
      return allocation(*s.value);
    }
    Type v = expr(*s.value, ExprCtx{});
    if (!assignable(t, *s.value))
      error(s.value->range,
            std::string("cannot assign ") + typeName(v) + " to " + typeName(t) + " target");
  }

  // `new int[n]` as a statement's whole value: a fresh array of n zeros the method
  // holds entirely. Threads (par blocks, kernels) may not allocate: the barrier
  // analyses would take two threads' allocations for one shared value.
  void allocation(Expr &e) {
    set(e, Type::IntArray);
    if (!parNames_.empty() || inKernel_ || inGpuKernel_)
      unsupported(e.range, "'new' inside a parallel block or kernel");
    if (!e.args.empty() && e.args[0])
      requireType(*e.args[0], ExprCtx{}, Type::Int, "array size");
  }

  void condition(const ExprPtr &e) {
    if (e)
      requireType(*e, ExprCtx{}, Type::Bool, "condition");
  }

  void returnStmt(Stmt &s) {
    if (!parNames_.empty())
      error(s.range, "return inside a par block");
    Type want = method_ ? method_->returnType : Type::Void;
    if (!s.value) {
      if (want != Type::Void)
        error(s.range, std::string("missing return value of type ") + typeName(want));
      return;
    }
    Type t = expr(*s.value, ExprCtx{});
    if (want == Type::Void)
      error(s.value->range, "a void method cannot return a value");
    else if (!assignable(want, *s.value))
      error(s.value->range, std::string("cannot return ") + typeName(t) +
                                " from a method returning " + typeName(want));
  }

  // Arity and argument types of a call of `m`; `where` is the call's name. The call's
  // `given {p = e}` values are appended to args in the order of m's given parameters
  // (VerCors: each one must be passed).
  void arguments(const Method &m, std::vector<ExprPtr> &args, std::vector<ir::GhostArg> &given,
                 SourceRange where, const ExprCtx &c) {
    for (ExprPtr &a : args)
      if (a)
        expr(*a, c.noResource());
    for (ir::GhostArg &g : given)
      if (g.value)
        expr(*g.value, c.noResource());
    size_t positional = static_cast<size_t>(
        std::count_if(m.params.begin(), m.params.end(), [](const Param &p) { return !p.given; }));
    // A call checked twice (a do-while body is shared by its two copies) already
    // holds its given values in args.
    if (given.empty() && args.size() == m.params.size())
      positional = args.size();
    if (args.size() != positional) {
      error(where, quoted(m.name) + " expects " + std::to_string(positional) + " argument" +
                       (positional == 1 ? "" : "s") + ", found " + std::to_string(args.size()));
      return;
    }
    for (size_t i = 0; i < given.size(); ++i) {
      auto p = std::find_if(m.params.begin(), m.params.end(),
                            [&](const Param &q) { return q.given && q.name == given[i].name; });
      if (p == m.params.end())
        error(given[i].nameRange,
              quoted(m.name) + " has no given parameter " + quoted(given[i].name));
      for (size_t j = 0; j < i; ++j)
        if (given[j].name == given[i].name)
          error(given[i].nameRange, "given parameter " + quoted(given[i].name) + " passed twice");
    }
    for (const Param &p : m.params) {
      if (!p.given || args.size() == m.params.size())
        continue;
      auto g = std::find_if(given.begin(), given.end(),
                            [&](const ir::GhostArg &a) { return a.name == p.name; });
      if (g == given.end()) {
        error(where, "this call of " + quoted(m.name) + " is missing the given parameter " +
                         quoted(p.name) + " (pass it with 'given {" + p.name + " = ...}')");
        return;
      }
      args.push_back(g->value);
    }
    given.clear();
    for (size_t i = 0; i < args.size(); ++i)
      if (args[i] && !assignable(m.params[i].type, *args[i]))
        error(args[i]->range, std::string("argument ") + std::to_string(i + 1) + " of " +
                                  quoted(m.name) + " has type " + typeName(args[i]->type) +
                                  ", expected " + typeName(m.params[i].type));
  }

  // `yields {x = q}`: q a yields parameter of m, x a local variable of q's type.
  void yieldTargets(const Method &m, std::vector<ir::GhostArg> &yields) {
    for (size_t i = 0; i < yields.size(); ++i) {
      ir::GhostArg &y = yields[i];
      auto p = std::find_if(m.yields.begin(), m.yields.end(),
                            [&](const Param &q) { return q.name == y.name; });
      for (size_t j = 0; j < i; ++j)
        if (yields[j].name == y.name)
          error(y.nameRange, "yields parameter " + quoted(y.name) + " received twice");
      if (p == m.yields.end()) {
        error(y.nameRange, quoted(m.name) + " has no yields parameter " + quoted(y.name));
        continue;
      }
      if (!y.value)
        continue;
      const VarInfo *v = lookup(y.value->name);
      if (v && v->kind != VarKind::Local && v->kind != VarKind::Param) {
        error(y.value->range, "a yields target must be a local variable");
        continue;
      }
      Type t = target(*y.value);
      if (t != Type::Unknown && t != p->type)
        error(y.value->range, std::string("cannot store ") + typeName(p->type) +
                                  " yields parameter " + quoted(y.name) + " in " + typeName(t) +
                                  " variable " + quoted(sourceName(y.value->name)));
    }
  }

  void callStmt(Stmt &s) {
    SourceRange where = s.nameRange.valid() ? s.nameRange : s.range;
    const Method *m = findMethod(s.name);
    if (!m) {
      error(where, "unknown method " + quoted(s.name) + didYouMean(s.name, functionNames()));
      for (ExprPtr &a : s.args)
        if (a)
          expr(*a, ExprCtx{});
      return;
    }
    arguments(*m, s.args, s.given, where, ExprCtx{});
    yieldTargets(*m, s.yields);
    if (m->pure && !s.target)
      error(where, "result of pure function " + quoted(s.name) + " is unused");
    if (!s.target)
      return;
    if (s.target->kind != ExprKind::Var) {
      unsupported(s.target->range,
                  "the result of a method call must be assigned to a local variable");
      expr(*s.target, ExprCtx{});
      return;
    }
    Type t = target(*s.target);
    if (m->returnType == Type::Void)
      error(where, "method " + quoted(s.name) + " returns no value");
    else if (t != Type::Unknown && t != m->returnType)
      error(where, std::string("cannot assign ") + typeName(m->returnType) + " result of " +
                       quoted(s.name) + " to " + typeName(t) + " variable");
  }

  // A par or vec block's bounds are ints of the enclosing scope; its iteration
  // variables are read-only in the scope the caller opens.
  void iterations(Stmt &s, const char *what) {
    for (ParIter &it : s.iters) {
      if (it.lo)
        requireType(*it.lo, ExprCtx{}, Type::Int, what);
      if (it.hi)
        requireType(*it.hi, ExprCtx{}, Type::Int, what);
    }
  }
  void declareIterations(const Stmt &s) {
    for (const ParIter &it : s.iters)
      declare(it.name, {Type::Int, VarKind::ParIter}, it.range);
  }

  void par(Stmt &s) {
    iterations(s, "par bound");
    ScopeGuard scope(*this);
    declareIterations(s);
    // \old in a par block's clauses is the state where the block starts (VerCors).
    for (Clause &c : s.clauses)
      clause(c, false, /*oldAnywhere=*/true);
    parNames_.push_back(s.name);
    parInvariants_.push_back(invariants_.size());
    parInParallel_.push_back(parallelRegions_ > 0);
    block(s.body);
    parInParallel_.pop_back();
    parInvariants_.pop_back();
    parNames_.pop_back();
  }

  // `vec (int j = lo .. hi) { ... }`: j is read-only in the body, like a par
  // iteration variable; what the body may contain is vcgen's to decide (it runs
  // the body in lock-step).
  void vec(Stmt &s) {
    iterations(s, "vec bound");
    ScopeGuard scope(*this);
    declareIterations(s);
    block(s.body);
  }

  void barrier(Stmt &s) {
    SourceRange where = s.range;
    if (s.seedStyle) {
      if (!inKernel_)
        error(where, "a seed-style barrier must be inside a kernel's main()");
    } else if (inGpuKernel_) {
      // A kernel's barrier synchronises its work group.
    } else if (parNames_.empty()) {
      error(where, "a barrier must be inside a par block");
    } else if (!s.name.empty() && s.name != parNames_.back()) {
      error(s.nameRange.valid() ? s.nameRange : where,
            "barrier " + quoted(s.name) + " does not name the enclosing par block" +
                (parNames_.back().empty() ? std::string() : " " + quoted(parNames_.back())));
    }
    // \old: the kernel's initial state, or where the par block started (VerCors
    // allows it in any barrier clause).
    inBarrierClause_ = true;
    for (Clause &c : s.clauses)
      clause(c, false, /*oldAnywhere=*/inGpuKernel_ || !parNames_.empty());
    inBarrierClause_ = false;
    barrierTags(s);
    if (!s.body.empty()) {
      if (parNames_.empty())
        unsupported(s.range, "statements in the body of a kernel's barrier");
      forbidInBarrierBody(s.body);
      inBarrierBody_ = true;
      block(s.body);
      inBarrierBody_ = false;
    }
  }

  // `barrier(NAME; inv)`: the barrier suspends invariant blocks around its par block;
  // each tag becomes the invariant's formula (vcgen's group check holds it while the
  // barrier's body runs). Only when no other par block runs at the same time
  // (`parallel` regions): its threads could be inside an atomic block of it.
  void barrierTags(Stmt &s) {
    for (ExprPtr &tag : s.args) {
      if (parNames_.empty()) {
        error(tag->range, "barrier tags only name invariant blocks around a par block");
        continue;
      }
      const Stmt *inv = nullptr;
      size_t at = 0;
      for (size_t k = parInvariants_.back(); k-- > 0 && !inv;)
        if (invariants_[k].first->name == tag->name) {
          inv = invariants_[k].first;
          at = k;
        }
      if (!inv) {
        error(tag->range, "barrier tag " + quoted(tag->name) +
                              " does not name an invariant block around the par block");
        continue;
      }
      // An invariant block around an enclosing par block is shared with that block's
      // other threads, which may be inside atomic(NAME) while this block's threads
      // meet at the barrier (red team): only the invariants the par block's own
      // thread declared may be suspended.
      if (parInvariants_.size() >= 2 && at < parInvariants_[parInvariants_.size() - 2])
        unsupported(tag->range, "a barrier tag naming an invariant block outside the enclosing "
                                "par block (that block's other threads may hold the invariant)");
      if (parInParallel_.back())
        unsupported(tag->range, "a barrier tag in a par block of a 'parallel' region "
                                "(other blocks may hold the invariant)");
      tag = inv->value;
    }
  }

  // A barrier's body runs once for the whole group: no thread's own variables, and
  // nothing that synchronises or calls.
  void forbidInBarrierBody(const std::vector<StmtPtr> &body) {
    for (const StmtPtr &b : body) {
      if (!b)
        continue;
      if (b->kind == StmtKind::Barrier || b->kind == StmtKind::Par ||
          b->kind == StmtKind::Parallel || b->kind == StmtKind::Sequential ||
          b->kind == StmtKind::Return || b->kind == StmtKind::Call ||
          b->kind == StmtKind::InvariantBlock || b->kind == StmtKind::AtomicBlock)
        unsupported(b->range, "this statement in a barrier's body");
      forbidInBarrierBody(b->body);
      forbidInBarrierBody(b->elseBody);
    }
  }

  // --- expressions ---

  void requireType(Expr &e, const ExprCtx &c, Type want, const char *what) {
    Type t = expr(e, c);
    if (t != Type::Unknown && t != want && t != Type::Resource)
      error(e.range, std::string(what) + " must be " + typeName(want) + ", found " + typeName(t));
  }

  void requireFormula(Expr &e, const ExprCtx &c, const char *what) {
    Type t = expr(e, c);
    if (t != Type::Unknown && !isFormula(t))
      error(e.range, std::string(what) + " must be a boolean or resource, found " + typeName(t));
  }

  // A permission-producing node (Perm, PointsTo, \forall*, **) at this position?
  void resourceHere(const Expr &e, const ExprCtx &c) {
    if (c.resourceOk)
      return;
    if (c.inSpec && c.plainForall) {
      ok_ = false;
      diags_.report({DiagCode::Type,
                     e.range,
                     "a \\forall body cannot hold permissions: use \\forall* for a quantified "
                     "permission",
                     {{c.plainForall->range, "this \\forall"}}});
    } else if (c.inSpec)
      error(e.range, "permission expressions may only appear as conjuncts, implication "
                     "conclusions, conditional branches or \\forall* bodies");
    else
      error(e.range, "permission expressions are only allowed in specifications");
  }

  Type set(Expr &e, Type t) {
    e.type = t;
    return t;
  }

  Type expr(Expr &e, const ExprCtx &c) {
    switch (e.kind) {
    case ExprKind::IntLit:
      return set(e, Type::Int);
    case ExprKind::BoolLit:
      return set(e, Type::Bool);
    case ExprKind::NullLit:
      return set(e, Type::IntArray);
    case ExprKind::PermConst:
      return set(e, Type::Frac);
    case ExprKind::Var:
      return set(e, var(e));
    case ExprKind::Unary:
      return set(e, unary(e, c));
    case ExprKind::Binary:
      return set(e, binary(e, c));
    case ExprKind::Ite:
      return set(e, ite(e, c));
    case ExprKind::Index:
      return set(e, index(e, c));
    case ExprKind::Length:
      return set(e, length(e, c));
    case ExprKind::Call:
      return set(e, call(e, c));
    case ExprKind::Old: {
      if (!c.oldOk)
        error(e.range, "\\old is only allowed in postconditions, loop invariants and "
                       "assertions");
      ++insideOld_;
      Type t = e.args.empty() || !e.args[0] ? Type::Unknown : expr(*e.args[0], c);
      --insideOld_;
      return set(e, t);
    }
    case ExprKind::Result:
      if (!c.resultOk) {
        error(e.range, "\\result is only allowed in postconditions of methods and "
                       "functions that return a value");
        return set(e, Type::Unknown);
      }
      return set(e, method_ ? method_->returnType : Type::Unknown);
    case ExprKind::Forall:
    case ExprKind::Exists:
    case ExprKind::ForallStar:
      return set(e, quantifier(e, c));
    case ExprKind::Sum:
      return set(e, sum(e, c));
    case ExprKind::Perm:
    case ExprKind::PointsTo:
      return set(e, permission(e, c));
    case ExprKind::Convert: {
      Type t = arg(e, 0, c.noResource());
      if (t != Type::Int && !reported(t))
        error(e.range,
              std::string("a conversion to an integer type expects int, found ") + typeName(t));
      return set(e, t == Type::Int ? t : Type::Unknown);
    }
    case ExprKind::NewArray:
      // An allocation changes the state: only a statement may do it (allocation()).
      unsupported(e.range, "'new' other than as the whole value of a local array variable's "
                           "declaration or assignment");
      arg(e, 0, c.noResource());
      return set(e, Type::IntArray);
    case ExprKind::Seq:
      return set(e, sequence(e, c.noResource()));
    case ExprKind::ValidMatrix: {
      Type m = arg(e, 0, c.noResource());
      if (!reported(m) && m != Type::IntMatrix)
        error(e.args[0]->range,
              std::string("\\matrix needs a 2-D array (int[][]), found ") + typeName(m));
      for (size_t i : {1, 2})
        requireType(*e.args[i], c.noResource(), Type::Int, "a \\matrix dimension");
      return set(e, Type::Bool);
    }
    case ExprKind::Other: // GPUVerify's: inside another, this thread again
      return set(e, arg(e, 0, c.noResource()));
    case ExprKind::Enabled:
      return set(e, Type::Bool);
    }
    return set(e, Type::Unknown);
  }

  Type arg(Expr &e, size_t i, const ExprCtx &c) {
    if (i >= e.args.size() || !e.args[i])
      return Type::Unknown;
    return expr(*e.args[i], c);
  }

  // The field `name` of the current method's class, if it declares one.
  const ir::Field *field(const std::string &name) const {
    if (!method_ || method_->className.empty())
      return nullptr;
    for (const ir::Field &f : prog_.fields)
      if (f.className == method_->className && f.name == name)
        return &f;
    return nullptr;
  }

  // `f` or `this.f` naming a field: rewritten into the read of its cell (ir::Field).
  bool lowerField(Expr &e) {
    const bool qualified = e.name.rfind("this.", 0) == 0;
    if (!qualified && lookup(e.name))
      return false;
    const ir::Field *f = field(qualified ? e.name.substr(5) : e.name);
    if (!f) {
      if (qualified)
        error(e.range, "unknown field " + quoted(e.name.substr(5)) +
                           (method_ && !method_->className.empty()
                                ? " of class " + quoted(method_->className)
                                : std::string(" ('this' outside a class)")));
      return qualified;
    }
    ExprPtr array = ir::makeVar(ir::fieldArrayName(f->className, f->name), e.range);
    array->type = Type::IntArray;
    ExprPtr zero = ir::makeInt(0, e.range);
    zero->type = Type::Int;
    e.kind = ExprKind::Index;
    e.name.clear();
    e.args = {array, zero};
    e.type = f->type;
    return true;
  }

  Type var(Expr &e) {
    if (lowerField(e))
      return e.kind == ExprKind::Index ? e.type : Type::Unknown;
    if (const VarInfo *v = lookup(e.name)) {
      resolve(e, *v);
      // A barrier's \old is the state where the par block started, shared by all
      // threads; a thread's own variables did not exist there.
      if (inBarrierBody_ && (v->threadPrivate || v->kind == VarKind::ParIter))
        error(e.range, "a barrier's body runs once for all threads: it cannot use " +
                           quoted(sourceName(e.name)) + ", which each thread has its own of");
      // The caller has no value of a yields parameter before the call, so its \old
      // would mean one thing to the body (an arbitrary start) and another to the
      // caller (the value after the call): `ensures y == \old(y) + 1` proved false.
      if (insideOld_ && v->yields)
        error(e.range, "\\old cannot mention the yields parameter " + quoted(e.name) +
                           ": it has no value before the call");
      if (insideOld_ && inBarrierClause_ && v->threadPrivate)
        error(e.range, "\\old in a barrier clause cannot mention " + quoted(sourceName(e.name)) +
                           ", a variable declared inside the par block");
      return v->type;
    }
    if (findMethod(e.name))
      error(e.range, quoted(e.name) + " is a method, not a variable");
    else
      error(e.range, "unknown identifier " + quoted(e.name) + didYouMean(e.name, namesInScope()));
    return Type::Unknown;
  }

  Type unary(Expr &e, const ExprCtx &c) {
    Type t = arg(e, 0, c.noResource());
    if (reported(t))
      return Type::Unknown;
    if (e.unop == UnOp::Not) {
      if (t == Type::Bool)
        return t;
      error(e.range, std::string("operator '!' expects bool, found ") + typeName(t));
      return Type::Unknown;
    }
    if (e.unop == UnOp::BitNot) {
      if (t == Type::Int)
        return t;
      error(e.range, std::string("operator '~' expects int, found ") + typeName(t));
      return Type::Unknown;
    }
    if (isNumeric(t))
      return t;
    error(e.range, std::string("operator '-' expects int or frac, found ") + typeName(t));
    return Type::Unknown;
  }

  Type mismatch(const Expr &e, Type a, Type b, const char *expects) {
    error(e.range, std::string("operator '") + binOpSpelling(e.binop) + "' expects " + expects +
                       ", found " + typeName(a) + " and " + typeName(b));
    return Type::Unknown;
  }

  Type binary(Expr &e, const ExprCtx &c) {
    switch (e.binop) {
    case BinOp::And:
    case BinOp::Star:
    case BinOp::Implies:
      return logical(e, c);
    default:
      break;
    }
    Type a = arg(e, 0, c.noResource());
    Type b = arg(e, 1, c.noResource());
    if (reported(a) || reported(b))
      return Type::Unknown;
    switch (e.binop) {
    case BinOp::Add:
    case BinOp::Sub:
    case BinOp::Mul:
      if (!isNumeric(a) || !isNumeric(b))
        return mismatch(e, a, b, "int or frac operands");
      return a == Type::Frac || b == Type::Frac ? Type::Frac : Type::Int;
    case BinOp::Div:
    case BinOp::Mod:
    case BinOp::TDiv:
    case BinOp::TMod:
    case BinOp::BitAnd:
    case BinOp::BitOr:
    case BinOp::BitXor:
    case BinOp::Shl:
    case BinOp::Shr:
      if (a != Type::Int || b != Type::Int)
        return mismatch(e, a, b, "int operands");
      return Type::Int;
    case BinOp::FracDiv:
      if (!isNumeric(a) || !isNumeric(b))
        return mismatch(e, a, b, "int or frac operands");
      return Type::Frac;
    case BinOp::Lt:
    case BinOp::Le:
    case BinOp::Gt:
    case BinOp::Ge:
      if (!isNumeric(a) || !isNumeric(b))
        return mismatch(e, a, b, "int or frac operands");
      return Type::Bool;
    case BinOp::Eq:
    case BinOp::Ne:
      if ((a == b && a != Type::Resource && a != Type::Void) || (isNumeric(a) && isNumeric(b)))
        return Type::Bool;
      // null is an int[] literal; a 2-D array may be compared with it too.
      for (int side : {0, 1})
        if (e.args[side]->kind == ExprKind::NullLit && (side == 0 ? b : a) == Type::IntMatrix)
          return Type::Bool;
      return mismatch(e, a, b, "operands of the same type");
    case BinOp::Or:
      if (a != Type::Bool || b != Type::Bool)
        return mismatch(e, a, b, "bool operands");
      return Type::Bool;
    default:
      return Type::Unknown;
    }
  }

  // &&, ** and ==>: the operators through which permissions may flow.
  Type logical(Expr &e, const ExprCtx &c) {
    ExprCtx inner = c;
    if (e.binop == BinOp::Star) {
      resourceHere(e, c);
      inner.resourceOk = true; // reported once, here
    }
    Type a = arg(e, 0, e.binop == BinOp::Implies ? c.noResource() : inner);
    Type b = arg(e, 1, inner);
    if (a == Type::Unknown || b == Type::Unknown)
      return Type::Unknown;
    if (e.binop == BinOp::Implies && a != Type::Bool)
      return a == Type::Resource ? Type::Unknown : mismatch(e, a, b, "a bool premise");
    if (!isFormula(a) || !isFormula(b)) {
      if (seedStarSlip(e, a, b))
        return Type::Unknown;
      return mismatch(e, a, b, "bool or resource operands");
    }
    if (e.binop == BinOp::Star || a == Type::Resource || b == Type::Resource)
      return Type::Resource;
    return Type::Bool;
  }

  Type ite(Expr &e, const ExprCtx &c) {
    if (e.args.size() > 0 && e.args[0])
      requireType(*e.args[0], c.noResource(), Type::Bool, "condition of '?:'");
    Type a = arg(e, 1, c);
    Type b = arg(e, 2, c);
    if (a == Type::Unknown || b == Type::Unknown)
      return Type::Unknown;
    if (a == b)
      return a;
    if (isNumeric(a) && isNumeric(b))
      return Type::Frac;
    if (isFormula(a) && isFormula(b))
      return Type::Resource;
    error(e.range, std::string("branches of '?:' have different types ") + typeName(a) + " and " +
                       typeName(b));
    return Type::Unknown;
  }

  // A sequence operand: its type, or Unknown (reported) when it is not a sequence.
  Type seqOperand(Expr &e, size_t i, const ExprCtx &c) {
    Type t = arg(e, i, c);
    if (reported(t) || t.isSeq())
      return t.isSeq() ? t : Type::Unknown;
    error(e.args[i]->range, std::string(ir::seqOpName(e.seqOp)) + " needs a sequence, found " +
                                typeName(t));
    return Type::Unknown;
  }
  bool intOperand(Expr &e, size_t i, const ExprCtx &c, const char *what) {
    Type t = arg(e, i, c);
    if (t == Type::Int || reported(t))
      return t == Type::Int;
    error(e.args[i]->range, std::string(what) + " must be int, found " + typeName(t));
    return false;
  }
  // An element `x` of a sequence of `elem`s (ints are not fractions here: a
  // sequence's elements all have its element type).
  bool elementOperand(Expr &e, size_t i, Type elem, const ExprCtx &c) {
    Type t = arg(e, i, c);
    if (reported(t) || elem == Type::Unknown)
      return false;
    if (t == elem || (elem == Type::Frac && e.args[i]->kind == ExprKind::IntLit))
      return true;
    error(e.args[i]->range, "a sequence of " + typeName(elem) + " cannot hold " + typeName(t));
    return false;
  }

  Type sequence(Expr &e, const ExprCtx &c) {
    using ir::SeqOp;
    switch (e.seqOp) {
    case SeqOp::Length:
      return seqOperand(e, 0, c) == Type::Unknown ? Type::Unknown : Type::Int;
    case SeqOp::Index: {
      Type s = seqOperand(e, 0, c);
      bool i = intOperand(e, 1, c, "a sequence index");
      return s.isSeq() && i ? s.element() : Type::Unknown;
    }
    case SeqOp::Head:
      return seqOperand(e, 0, c).element();
    case SeqOp::Tail:
      return seqOperand(e, 0, c);
    case SeqOp::Literal: {
      Type t = e.declared;
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (t == Type::Unknown && i == 0) {
          Type first = arg(e, 0, c);
          if (reported(first))
            return Type::Unknown;
          if (first != Type::Int && first != Type::Bool && first != Type::Frac && !first.isSeq()) {
            error(e.args[0]->range, "sequences of " + typeName(first) + " are not supported");
            return Type::Unknown;
          }
          if (first.isSeq() && first.seqDepth() >= Type::kMaxSeqDepth) {
            error(e.range, "sequences nest at most " + std::to_string(Type::kMaxSeqDepth) + " deep");
            return Type::Unknown;
          }
          t = Type::seqOf(first);
          continue;
        }
        elementOperand(e, i, t.element(), c); // an error keeps the literal's type
      }
      e.declared = t;
      return t;
    }
    case SeqOp::Concat: {
      Type a = seqOperand(e, 0, c), b = seqOperand(e, 1, c);
      if (a == Type::Unknown || b == Type::Unknown)
        return Type::Unknown;
      if (a != b) {
        error(e.range, "'++' joins sequences of one type, found " + typeName(a) + " and " +
                           typeName(b));
        return Type::Unknown;
      }
      return a;
    }
    case SeqOp::Cons: {
      Type s = seqOperand(e, 1, c);
      if (s == Type::Unknown) {
        arg(e, 0, c);
        return Type::Unknown;
      }
      return elementOperand(e, 0, s.element(), c) ? s : Type::Unknown;
    }
    case SeqOp::Slice: {
      Type s = seqOperand(e, 0, c);
      bool lo = intOperand(e, 1, c, "a slice bound");
      bool hi = intOperand(e, 2, c, "a slice bound");
      return lo && hi ? s : Type::Unknown;
    }
    case SeqOp::Update: {
      Type s = seqOperand(e, 0, c);
      bool i = intOperand(e, 1, c, "a sequence index");
      if (s == Type::Unknown) {
        arg(e, 2, c);
        return Type::Unknown;
      }
      return elementOperand(e, 2, s.element(), c) && i ? s : Type::Unknown;
    }
    }
    return Type::Unknown;
  }

  Type index(Expr &e, const ExprCtx &c) {
    Type base = arg(e, 0, c.noResource());
    const Expr *b = e.args.empty() ? nullptr : e.args[0].get();
    if (base.isSeq()) {
      // `s[i]` of a sequence: a value, not a heap location.
      e.kind = ExprKind::Seq;
      e.seqOp = ir::SeqOp::Index;
      bool i = intOperand(e, 1, c.noResource(), "a sequence index");
      return i ? base.element() : Type::Unknown;
    }
    Type idx = arg(e, 1, c.noResource());
    if (reported(base))
      return Type::Unknown;
    // An array variable, or a row of a 2-D array variable (`m[i][j]`).
    const bool row = b && b->kind == ExprKind::Index && base == Type::IntArray &&
                     b->args[0]->kind == ExprKind::Var && b->args[0]->type == Type::IntMatrix;
    if ((base != Type::IntArray && base != Type::IntMatrix) || !b ||
        (b->kind != ExprKind::Var && !row)) {
      error(b ? b->range : e.range, "only array variables can be indexed");
      return Type::Unknown;
    }
    if (!reported(idx) && idx != Type::Int) {
      error(e.args[1]->range, std::string("array index must be int, found ") + typeName(idx));
      return Type::Unknown;
    }
    return base == Type::IntMatrix ? Type::IntArray : Type::Int;
  }

  Type length(Expr &e, const ExprCtx &c) {
    Type base = arg(e, 0, c.noResource());
    if (reported(base))
      return Type::Unknown;
    if (base != Type::IntArray && base != Type::IntMatrix) {
      error(e.range, std::string(".length needs an array, found ") + typeName(base));
      return Type::Unknown;
    }
    return Type::Int;
  }

  Type call(Expr &e, const ExprCtx &c) {
    const Method *m = findMethod(e.name);
    if (!m) {
      std::vector<std::string> candidates = functionNames();
      if (c.inSpec)
        candidates.insert(candidates.end(), {"Perm", "PointsTo"});
      error(e.range, "unknown function " + quoted(e.name) + didYouMean(e.name, candidates));
      for (ExprPtr &a : e.args)
        if (a)
          expr(*a, c.noResource());
      return Type::Unknown;
    }
    arguments(*m, e.args, e.given, e.range, c);
    if (!e.yields.empty())
      error(e.yields.front().nameRange,
            "'yields' is only allowed on a method call that is a statement or the whole "
            "value of an assignment");
    if (!m->pure) {
      error(e.range, "method " + quoted(e.name) + " is not pure");
      return Type::Unknown;
    }
    return m->returnType;
  }

  Type quantifier(Expr &e, const ExprCtx &c) {
    bool star = e.kind == ExprKind::ForallStar;
    if (star)
      resourceHere(e, c);
    ScopeGuard scope(*this);
    for (const Binder &b : e.binders) {
      if (b.type != Type::Int && b.type != Type::Bool)
        error(b.range, "quantified variables must be int or bool");
      else if (star && b.type == Type::Bool) // quantified permissions range over ints
        unsupported(b.range, "a bool variable of \\forall* (write its two instances, for "
                             "false and true, with **)");
      scopes_.back()[b.name] = {b.type, VarKind::Binder, {}}; // binders may repeat a name
    }
    if (e.args.size() > 0 && e.args[0])
      requireType(*e.args[0], c.noResource(), Type::Bool, "quantifier condition");
    ExprCtx bodyCtx = c;
    bodyCtx.resourceOk = star;
    bodyCtx.plainForall = e.kind == ExprKind::Forall ? &e : nullptr;
    Type body = arg(e, 1, bodyCtx);
    if (body == Type::Unknown)
      return star ? Type::Resource : Type::Bool;
    if (!star && body != Type::Bool && body != Type::Resource)
      error(e.args[1]->range, std::string("quantifier body must be bool, found ") + typeName(body) +
                                  " (use \\forall* for permissions)");
    if (star && !isFormula(body))
      error(e.args[1]->range,
            std::string("\\forall* body must be a resource or bool, found ") + typeName(body));
    return star ? Type::Resource : Type::Bool;
  }

  // `(\\sum int i; cond; body)`: one int binder, an int body, an int value.
  Type sum(Expr &e, const ExprCtx &c) {
    ScopeGuard scope(*this);
    if (e.binders.size() != 1 || e.binders[0].type != Type::Int)
      error(e.range, "\\sum binds exactly one int variable");
    for (const Binder &b : e.binders)
      scopes_.back()[b.name] = {b.type, VarKind::Binder, {}};
    if (e.args.size() > 0 && e.args[0])
      requireType(*e.args[0], c.noResource(), Type::Bool, "\\sum condition");
    Type body = arg(e, 1, c.noResource());
    if (!reported(body) && body != Type::Int)
      error(e.args[1]->range, std::string("\\sum body must be int, found ") + typeName(body));
    return Type::Int;
  }

  Type permission(Expr &e, const ExprCtx &c) {
    resourceHere(e, c);
    ExprCtx inner = c.noResource();
    const char *what = e.kind == ExprKind::Perm ? "Perm" : "PointsTo";
    Type loc = arg(e, 0, inner);
    if (!e.args.empty() && e.args[0] && e.args[0]->kind != ExprKind::Index && loc != Type::Unknown)
      error(e.args[0]->range,
            std::string(what) + " location must be an array element such as a[i]");
    else if (loc == Type::IntArray && e.args[0]->kind == ExprKind::Index)
      // kprove keeps rows fixed (reading one needs no permission); a method holding a
      // permission to one could claim to change it (docs/soundness.md, "2-D arrays").
      unsupported(e.args[0]->range, std::string("a permission to a row of a 2-D array (in ") +
                                        what +
                                        "): kprove takes rows as fixed; permissions are "
                                        "to cells, m[i][j]");
    Type amount = arg(e, 1, inner);
    if (!reported(amount) && !isNumeric(amount))
      error(e.args[1]->range,
            std::string("permission amount must be frac or int, found ") + typeName(amount));
    if (e.args.size() > 1 && e.args[1])
      truncatedAmount(*e.args[1]);
    if (e.kind == ExprKind::PointsTo) {
      Type value = arg(e, 2, inner);
      if (!reported(value) && value != Type::Int)
        error(e.args[2]->range,
              std::string("PointsTo value must be int, found ") + typeName(value));
    }
    return Type::Resource;
  }

  // The source text of a range ("" when it is not in one file).
  std::string textOf(SourceRange r) const {
    if (!r.valid() || r.begin.file != r.end.file || r.end.offset < r.begin.offset)
      return "";
    std::string_view file = diags_.sources().text(r.begin.file);
    if (r.end.offset > file.size())
      return "";
    return std::string(file.substr(r.begin.offset, r.end.offset - r.begin.offset));
  }

  // A seed kernel's `*` at the top level of a clause is the separating
  // conjunction, binding weakest: `a[i] = 2 * tid` reads `(a[i] = 2) * tid`. When
  // an operand of such a `*` (spelled `*`, not `**`) is an int, say so.
  bool seedStarSlip(const Expr &e, Type a, Type b) {
    if (!inKernel_ || e.args.size() != 2 || !e.args[0] || !e.args[1] ||
        textOf({e.args[0]->range.end, e.args[1]->range.begin}).find("**") != std::string::npos ||
        textOf({e.args[0]->range.end, e.args[1]->range.begin}).find('*') == std::string::npos)
      return false;
    if (a != Type::Int && b != Type::Int)
      return false;
    const Expr *left = e.args[0].get();
    while (left->kind == ExprKind::Binary && left->args.size() == 2 && left->args[1])
      left = left->args[1].get();
    std::string l = textOf(left->range), r = textOf(e.args[1]->range);
    const Expr &intOperand = b == Type::Int ? *e.args[1] : *e.args[0];
    error(intOperand.range,
          "'*' at the top level of a seed clause is the separating conjunction (it binds "
          "weaker than everything else), so " +
              quoted(textOf(intOperand.range)) +
              " is a conjunct here; did you mean a product? write it in parentheses" +
              (a == Type::Int || l.empty() || r.empty() ? std::string()
                                                        : ": '(" + l + " * " + r + ")'"));
    return true;
  }

  // `Perm(a[i], 1/2)`: `/` on integers truncates (PVL and C alike, and so in
  // VerCors), so the amount is 0 where the fraction `1\2` was meant. A warning at
  // the amount (the verdict stays): when a literal divides by a literal that does
  // not divide it, or a literal by an expression (`1/n`, 0 once n > 1).
  void truncatedAmount(const Expr &amount) {
    if (amount.kind != ExprKind::Binary || amount.type != Type::Int ||
        (amount.binop != BinOp::Div && amount.binop != BinOp::TDiv) || amount.args.size() != 2 ||
        !amount.args[0] || !amount.args[1] || amount.args[0]->kind != ExprKind::IntLit)
      return;
    const Expr &num = *amount.args[0], &den = *amount.args[1];
    int64_t n = num.intValue;
    bool literals = den.kind == ExprKind::IntLit;
    if (n < 0 || (literals && (den.intValue <= 0 || n % den.intValue == 0)))
      return;
    // The amount as written, its `/` turned into `\`.
    const SourceRange &r = amount.range;
    if (!r.valid() || !num.range.valid() || !den.range.valid() || r.begin.file != r.end.file)
      return;
    std::string_view file = diags_.sources().text(r.begin.file);
    if (r.end.offset > file.size() || den.range.begin.offset > file.size())
      return;
    std::string written(file.substr(r.begin.offset, r.end.offset - r.begin.offset));
    size_t slash =
        file.substr(num.range.end.offset, den.range.begin.offset - num.range.end.offset).find('/');
    if (slash == std::string_view::npos)
      return;
    written[num.range.end.offset - r.begin.offset + slash] = '\\';
    std::string zero =
        literals ? "this permission is " + std::to_string(n / den.intValue)
                 : "this permission is 0 when " +
                       std::string(file.substr(den.range.begin.offset,
                                               den.range.end.offset - den.range.begin.offset)) +
                       " > " + std::to_string(n);
    diags_.report({DiagCode::PermTruncated,
                   amount.range,
                   "did you mean " + written + "? '/' on integers truncates: " + zero,
                   {}});
  }

  Program &prog_;
  DiagnosticEngine &diags_;
  bool ok_ = true;
  std::unordered_map<std::string, const Method *> methods_;
  std::vector<std::unordered_map<std::string, VarInfo>> scopes_;
  std::unordered_map<std::string, int> localDecls_; // per method or kernel: declarations so far
  const Method *method_ = nullptr;
  bool inKernel_ = false;
  bool inGpuKernel_ = false;
  const GpuKernel *gpuKernel_ = nullptr; // the OpenCL/CUDA kernel being checked
  std::vector<std::string> parNames_;    // enclosing par blocks, innermost last
  std::vector<size_t> parInvariants_;    // per enclosing par: invariant blocks around it
  std::vector<bool> parInParallel_;      // per enclosing par: inside a `parallel` region
  int parallelRegions_ = 0;
  bool inBarrierBody_ = false;
  int insideOld_ = 0; // nesting depth of \old(...) being checked
  int ghostDepth_ = 0;                            // nesting depth of ghost statements being checked
  std::map<std::string, std::string> writesMemo_; // writesMemory, per method
  bool inBarrierClause_ = false;
  // Enclosing invariant blocks, innermost last, each with whether an atomic block
  // of it encloses the statement being checked.
  std::vector<std::pair<const Stmt *, bool>> invariants_;
};

} // namespace

bool typecheck(ir::Program &p, DiagnosticEngine &diags) {
  return Checker(p, diags).run();
}

} // namespace kprove::lang
