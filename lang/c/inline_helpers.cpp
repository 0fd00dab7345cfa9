// Helpers that use the thread's ids or sizes, barriers or atomics and have no
// contract are inlined at their calls in kernels (docs/language.md §11.2): such a
// helper is part of its caller's thread, and with no contract there is nothing to
// verify it against on its own. Each call becomes a block: the parameters as
// variables holding the arguments (array parameters: the argument array itself),
// the body with its variables renamed apart, and `return e` at the end of a path as
// the assignment of e to the call's target. A function returning a pointer is
// inlined too: its return gives the pointer's offset as well as its array. A helper
// with a contract stays modular (and may not use thread ids). Recursion among inlined helpers and a
// return that does not end its path (inside a loop) are unsupported.
#include "lang/c/c_frontend.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>

namespace kprove::lang {

namespace {

using ir::ExprKind;
using ir::ExprPtr;
using ir::StmtKind;
using ir::StmtPtr;

bool mentionsThread(const ExprPtr &e) {
  if (!e)
    return false;
  if ((e->kind == ExprKind::Var || e->kind == ExprKind::Call) &&
      (e->name.rfind(kBuiltinMark, 0) == 0 || e->name == "\\gtid" || e->name == "\\ltid"))
    return true;
  for (const ExprPtr &a : e->args)
    if (mentionsThread(a))
      return true;
  return false;
}

class Inliner {
public:
  Inliner(ir::Program &p, DiagnosticEngine &diags) : p_(p), diags_(diags) {}

  void run() {
    for (ir::Method &m : p_.methods)
      if (!m.pure && m.body)
        methods_[m.name] = &m;
    // Helpers that need the kernel's thread, directly or through a call.
    // And those returning a pointer: the caller needs its offset, which only the
    // inlined return gives (Stmt::pointerOffset).
    for (auto &[name, m] : methods_)
      if (contractLess(*m) && (usesThread(*m->body) || m->returnType == ir::Type::IntArray))
        inlined_.insert(name);
    for (bool grew = true; grew;) {
      grew = false;
      for (auto &[name, m] : methods_)
        if (contractLess(*m) && !inlined_.count(name) && callsInlined(*m->body)) {
          inlined_.insert(name);
          grew = true;
        }
    }
    if (inlined_.empty())
      return;
    for (ir::GpuKernel &k : p_.gpuKernels) {
      // Arrays that a barrier's contract must not name (cause 55, docs/soundness.md):
      // the thread's private arrays and constant memory, one symbol for all threads
      // (vcgen/gpu_kernel.cpp), and pointers whose array is known only at run time
      // (they may point into a private array). The front end rejects them in the
      // kernel's own barriers by name; an inlined helper's barrier names its
      // parameter, which the call binds to one of them.
      perThread_.clear();
      for (const ir::KernelArray &a : k.locals)
        if (a.space == ir::MemorySpace::Private || a.space == ir::MemorySpace::Constant)
          perThread_[a.name] = a.space == ir::MemorySpace::Private
                                   ? "the private memory '" + a.name + "'"
                                   : "the constant memory '" + a.name + "'";
      addRuntimeArrays(k.body);
      inlineCalls(k.body);
    }
    // The inlined helpers are verified at each call. One a helper with a contract
    // calls stays (and is reported, as before: thread ids in a helper).
    std::set<std::string> stillCalled;
    for (size_t before = SIZE_MAX; before != stillCalled.size();) {
      before = stillCalled.size();
      for (const ir::Method &m : p_.methods)
        if ((!inlined_.count(m.name) || stillCalled.count(m.name)) && m.body)
          calledBy(*m.body, stillCalled);
    }
    // One no kernel calls stays too (reported as before: the file is not verified
    // without it, as GPUVerify checks every function).
    std::vector<ir::Method> kept;
    for (ir::Method &m : p_.methods)
      if (!expanded_.count(m.name) || stillCalled.count(m.name))
        kept.push_back(std::move(m));
    p_.methods = std::move(kept);
  }

private:
  // No contract and no ghost parameters (given/yields): a helper kprove may inline.
  static bool contractLess(const ir::Method &m) {
    return std::all_of(m.contract.begin(), m.contract.end(),
                       [](const ir::Clause &c) { return c.generated; }) &&
           m.yields.empty() &&
           std::none_of(m.params.begin(), m.params.end(),
                        [](const ir::Param &p) { return p.given; });
  }
  bool usesThread(const std::vector<StmtPtr> &body) const {
    for (const StmtPtr &s : body) {
      if (s->kind == StmtKind::Barrier || s->kind == StmtKind::Atomic)
        return true;
      for (const ExprPtr *e : {&s->target, &s->value, &s->cond})
        if (mentionsThread(*e))
          return true;
      for (const ExprPtr &a : s->args)
        if (mentionsThread(a))
          return true;
      for (const ir::Clause &c : s->clauses)
        if (mentionsThread(c.expr))
          return true;
      if (usesThread(s->body) || usesThread(s->elseBody))
        return true;
    }
    return false;
  }
  static void calledBy(const std::vector<StmtPtr> &body, std::set<std::string> &out) {
    for (const StmtPtr &s : body) {
      if (s->kind == StmtKind::Call)
        out.insert(s->name);
      calledBy(s->body, out);
      calledBy(s->elseBody, out);
    }
  }
  bool callsInlined(const std::vector<StmtPtr> &body) const {
    for (const StmtPtr &s : body)
      if ((s->kind == StmtKind::Call && inlined_.count(s->name)) || callsInlined(s->body) ||
          callsInlined(s->elseBody))
        return true;
    return false;
  }

  void inlineCalls(std::vector<StmtPtr> &body) {
    for (StmtPtr &s : body) {
      if (s->kind == StmtKind::Call && inlined_.count(s->name)) {
        if (StmtPtr block = expand(*s))
          s = block;
        continue;
      }
      inlineCalls(s->body);
      inlineCalls(s->elseBody);
    }
  }

  // The block that replaces call `c` (null after a diagnostic).
  StmtPtr expand(const ir::Stmt &c) {
    const ir::Method &m = *methods_.at(c.name);
    expanded_.insert(m.name); // reported here if it cannot be inlined
    if (active_.count(m.name)) {
      diags_.error(DiagCode::Unsupported, c.range,
                   "unsupported: a recursive call of '" + m.name +
                       "', which kprove inlines (it uses thread ids, barriers or atomics and "
                       "has no contract)");
      return nullptr;
    }
    if (c.args.size() != m.params.size())
      return nullptr; // the type checker reports the arity
    std::string suffix = std::string(1, ir::kScopeSeparator) + "inline" + std::to_string(++calls_);
    std::map<std::string, std::string> names;
    std::map<std::string, std::string> boundToPerThread; // parameter -> what the call binds
    auto block = std::make_shared<ir::Stmt>();
    block->kind = StmtKind::Block;
    block->range = c.range;
    for (size_t i = 0; i < m.params.size(); ++i) {
      const ir::Param &p = m.params[i];
      if (p.type == ir::Type::IntArray) {
        if (!c.args[i] || c.args[i]->kind != ExprKind::Var) {
          diags_.error(DiagCode::Unsupported, c.range,
                       "unsupported: this array argument of '" + m.name + "' (only an array name)");
          return nullptr;
        }
        names[p.name] = c.args[i]->name;
        if (auto it = perThread_.find(c.args[i]->name); it != perThread_.end())
          boundToPerThread[p.name] = it->second;
        // GPUVerify's access logs of the parameter are those of the argument array.
        for (std::string_view log : {kReadLog, kWriteLog, kReadIndex, kWriteIndex})
          names[std::string(log) + p.name] = std::string(log) + c.args[i]->name;
        continue;
      }
      names[p.name] = p.name + suffix;
      auto d = std::make_shared<ir::Stmt>();
      d->kind = StmtKind::VarDecl;
      d->range = c.range;
      d->nameRange = p.range;
      d->name = p.name + suffix;
      d->declType = p.type;
      d->cint = p.cint;
      d->value = c.args[i];
      block->body.push_back(d);
    }
    if (!boundToPerThread.empty() && barrierNames(*m.body, boundToPerThread, c, m))
      return nullptr;
    std::vector<StmtPtr> body = copy(*m.body, names, suffix);
    addRuntimeArrays(body);
    if (m.returnType != ir::Type::Void && c.target && !endsInReturn(body)) {
      // A path that reaches the end returns no value: using the result is undefined
      // (as the modular check says, vcgen.cpp), so reaching the end fails.
      auto none = std::make_shared<ir::Stmt>();
      none->kind = StmtKind::Assert;
      none->range = m.range;
      none->value = ir::makeBool(false, m.range);
      none->assertCode = DiagCode::Post;
      none->assertMessage = "'" + m.name + "' may end without returning a value";
      body.push_back(none);
    }
    if (!tailReturns(body, c, m))
      return nullptr;
    active_.insert(m.name);
    inlineCalls(body);
    active_.erase(m.name);
    block->body.insert(block->body.end(), body.begin(), body.end());
    return block;
  }

  // Pointer variables of `body` (a pointer whose array is known only at run time is
  // an array variable of the body, `q$arr`), which may point into a private array.
  void addRuntimeArrays(const std::vector<StmtPtr> &body) {
    for (const StmtPtr &s : body) {
      if (s->kind == StmtKind::VarDecl && s->declType == ir::Type::IntArray)
        perThread_.emplace(s->name, "a pointer whose array is known only at run time");
      addRuntimeArrays(s->body);
      addRuntimeArrays(s->elseBody);
    }
  }
  // Whether a barrier of the helper's `body` names a parameter the call `c` binds to
  // per-thread memory (`bound`): reported at the call.
  bool barrierNames(const std::vector<StmtPtr> &body,
                    const std::map<std::string, std::string> &bound, const ir::Stmt &c,
                    const ir::Method &m) {
    std::function<const std::string *(const ExprPtr &)> named =
        [&](const ExprPtr &e) -> const std::string * {
      if (!e)
        return nullptr;
      if (e->kind == ExprKind::Var)
        if (auto it = bound.find(e->name); it != bound.end())
          return &it->first;
      for (const ExprPtr &a : e->args)
        if (const std::string *n = named(a))
          return n;
      return nullptr;
    };
    for (const StmtPtr &s : body) {
      if (s->kind == StmtKind::Barrier)
        for (const ir::Clause &cl : s->clauses)
          if (const std::string *param = named(cl.expr)) {
            diags_.error(DiagCode::Unsupported, c.range,
                         "unsupported: " + bound.at(*param) + " as argument '" + *param + "' of '" +
                             m.name +
                             "', whose barrier's contract names it (each "
                             "thread holds its own: a barrier's contract may name only global "
                             "and local memory)");
            return true;
          }
      if (barrierNames(s->body, bound, c, m) || barrierNames(s->elseBody, bound, c, m))
        return true;
    }
    return false;
  }

  // A deep copy of `body` with the helper's names renamed (`names`, extended by each
  // declaration).
  std::vector<StmtPtr> copy(const std::vector<StmtPtr> &body,
                            std::map<std::string, std::string> names, const std::string &suffix) {
    std::vector<StmtPtr> out;
    for (const StmtPtr &s : body) {
      auto n = std::make_shared<ir::Stmt>(*s);
      if (n->kind == StmtKind::VarDecl) {
        n->value = copyExpr(n->value, names);
        names[n->name] = n->name + suffix;
        n->name += suffix;
        out.push_back(n);
        continue;
      }
      for (ExprPtr *e : {&n->target, &n->value, &n->cond, &n->pointerOffset})
        *e = copyExpr(*e, names);
      for (ExprPtr &a : n->args)
        a = copyExpr(a, names);
      for (ir::Clause &cl : n->clauses)
        cl.expr = copyExpr(cl.expr, names);
      n->body = copy(n->body, names, suffix);
      n->elseBody = copy(n->elseBody, names, suffix);
      out.push_back(n);
    }
    return out;
  }
  ExprPtr copyExpr(const ExprPtr &e, std::map<std::string, std::string> names) {
    if (!e)
      return e;
    auto n = std::make_shared<ir::Expr>(*e);
    for (const ir::Binder &b : n->binders)
      names.erase(b.name);
    if (n->kind == ExprKind::Var)
      if (auto it = names.find(n->name); it != names.end())
        n->name = it->second;
    for (ExprPtr &a : n->args)
      a = copyExpr(a, names);
    return n;
  }

  // Rewrites the returns of an inlined body: `if (c) { ...; return a; } rest` becomes
  // `if (c) { ...; t = a; } else { rest }`, and a return ending the body `t = a`.
  // False (and a diagnostic) if a return remains elsewhere (in a loop).
  bool tailReturns(std::vector<StmtPtr> &body, const ir::Stmt &c, const ir::Method &m) {
    for (size_t i = 0; i < body.size(); ++i) {
      StmtPtr &s = body[i];
      if (s->kind == StmtKind::Return) {
        auto set = std::make_shared<ir::Stmt>();
        set->range = s->range;
        if (c.target && s->value) {
          set->kind = StmtKind::Assign;
          set->target = c.target;
          set->value = s->value;
          if (c.pointerOffset && s->pointerOffset) { // a returned pointer's offset too
            auto offset = std::make_shared<ir::Stmt>(*set);
            offset->target = c.pointerOffset;
            offset->value = s->pointerOffset;
            auto both = std::make_shared<ir::Stmt>();
            both->kind = StmtKind::Block;
            both->range = s->range;
            both->body = {offset, set};
            set = both;
          }
        } else {
          set->kind = StmtKind::Block; // nothing to assign
        }
        body.resize(i); // what follows a return is never run
        body.push_back(set);
        return true;
      }
      if (s->kind == StmtKind::If && (returns(s->body) || returns(s->elseBody))) {
        std::vector<StmtPtr> rest(body.begin() + static_cast<long>(i) + 1, body.end());
        body.resize(i + 1);
        // The rest runs after the branch that does not end in a return.
        if (!endsInReturn(s->body))
          s->body.insert(s->body.end(), rest.begin(), rest.end());
        if (!endsInReturn(s->elseBody))
          s->elseBody.insert(s->elseBody.end(), rest.begin(), rest.end());
        return tailReturns(s->body, c, m) && tailReturns(s->elseBody, c, m);
      }
      if (s->kind == StmtKind::Block && returns(s->body)) {
        std::vector<StmtPtr> rest(body.begin() + static_cast<long>(i) + 1, body.end());
        if (!endsInReturn(s->body))
          s->body.insert(s->body.end(), rest.begin(), rest.end());
        body.resize(i + 1);
        if (s->catches != ir::Catches::Nothing) // a switch body: breaks leave it
          return rejectReturn(s->body, m);
        return tailReturns(s->body, c, m);
      }
      if (returns(s->body) || returns(s->elseBody))
        return rejectReturn(s->body, m) && rejectReturn(s->elseBody, m);
    }
    return true;
  }
  static bool returns(const std::vector<StmtPtr> &body) {
    for (const StmtPtr &s : body)
      if (s->kind == StmtKind::Return || returns(s->body) || returns(s->elseBody))
        return true;
    return false;
  }
  // Whether every path through `body` ends in a return (so nothing after it runs).
  static bool endsInReturn(const std::vector<StmtPtr> &body) {
    if (body.empty())
      return false;
    const StmtPtr &s = body.back();
    if (s->kind == StmtKind::Return)
      return true;
    if (s->kind == StmtKind::If)
      return endsInReturn(s->body) && endsInReturn(s->elseBody);
    if (s->kind == StmtKind::Block && s->catches == ir::Catches::Nothing)
      return endsInReturn(s->body);
    return false;
  }
  bool rejectReturn(const std::vector<StmtPtr> &body, const ir::Method &m) {
    for (const StmtPtr &s : body) {
      if (s->kind == StmtKind::Return) {
        diags_.error(DiagCode::Unsupported, s->range,
                     "unsupported: a return inside a loop or switch of '" + m.name +
                         "', which kprove inlines (it uses thread ids, barriers or atomics and "
                         "has no contract)");
        return false;
      }
      if (!rejectReturn(s->body, m) || !rejectReturn(s->elseBody, m))
        return false;
    }
    return true;
  }

  ir::Program &p_;
  DiagnosticEngine &diags_;
  std::map<std::string, ir::Method *> methods_;
  std::set<std::string> inlined_;
  std::set<std::string> active_;   // the helpers being expanded (recursion)
  std::set<std::string> expanded_; // the helpers some call inlines (or tried to)
  unsigned calls_ = 0;
  // The kernel being inlined into: its per-thread arrays and run-time pointers, with
  // how a message names them (see run).
  std::map<std::string, std::string> perThread_;
};

// Whether `body` runs an atomic, directly or through a call of one of `atomic`.
bool runsAtomic(const std::vector<StmtPtr> &body, const std::set<std::string> &atomic) {
  for (const StmtPtr &s : body)
    if (s->kind == StmtKind::Atomic || (s->kind == StmtKind::Call && atomic.count(s->name)) ||
        runsAtomic(s->body, atomic) || runsAtomic(s->elseBody, atomic))
      return true;
  return false;
}

// The arrays each kernel updates with atomics, from its body after inlining (the
// front end recorded the names atomics use where they are written, which inside a
// helper are the helper's parameters): an atomic in the body names the caller's
// array; a call of a helper that runs atomics may update any array it is passed.
// An atomic or such a call through anything but a kernel array (an array variable
// of a pointer chosen at run time) may be on any of the kernel's arrays.
void addAtomicArrays(ir::Program &p) {
  std::set<std::string> atomicMethods;
  std::map<std::string, const ir::Method *> methods;
  for (const ir::Method &m : p.methods)
    methods[m.name] = &m;
  for (bool grew = true; grew;) {
    grew = false;
    for (const ir::Method &m : p.methods)
      if (m.body && !atomicMethods.count(m.name) && runsAtomic(*m.body, atomicMethods))
        grew = atomicMethods.insert(m.name).second;
  }
  for (ir::GpuKernel &k : p.gpuKernels) {
    std::set<std::string> arrays;
    for (const ir::Param &prm : k.params)
      if (prm.type == ir::Type::IntArray)
        arrays.insert(prm.name);
    for (const ir::KernelArray &a : k.locals)
      arrays.insert(a.name);
    std::set<std::string> atomic(k.atomicArrays.begin(), k.atomicArrays.end());
    auto add = [&](const ExprPtr &array) {
      if (array && array->kind == ExprKind::Var && arrays.count(array->name))
        atomic.insert(array->name);
      else
        atomic.insert(arrays.begin(), arrays.end());
    };
    std::function<void(const std::vector<StmtPtr> &)> walk = [&](const std::vector<StmtPtr> &b) {
      for (const StmtPtr &s : b) {
        if (s->kind == StmtKind::Atomic && !s->args.empty() && s->args[0]->kind == ExprKind::Index)
          add(s->args[0]->args[0]);
        if (s->kind == StmtKind::Call && atomicMethods.count(s->name)) {
          const ir::Method &m = *methods.at(s->name);
          for (size_t i = 0; i < s->args.size() && i < m.params.size(); ++i)
            if (m.params[i].type == ir::Type::IntArray)
              add(s->args[i]);
        }
        walk(s->body);
        walk(s->elseBody);
      }
    };
    walk(k.body);
    k.atomicArrays.assign(atomic.begin(), atomic.end());
  }
}

} // namespace

void inlineThreadHelpers(ir::Program &p, DiagnosticEngine &diags) {
  if (p.gpuKernels.empty())
    return;
  Inliner(p, diags).run();
  addAtomicArrays(p);
}

} // namespace kprove::lang
