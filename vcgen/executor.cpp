#include "vcgen/executor.h"

#include "vcgen/int_model.h"

#include "vcgen/expr_encoder.h"
#include "vcgen/lockstep.h"
#include "vcgen/modifies.h"
#include "vcgen/two_thread.h"
#include "vcgen/vacuity.h"

#include <fmt/format.h>

#include <algorithm>

namespace kprove::vcgen {

using namespace term;
using ir::ClauseKind;

std::vector<const ir::Expr *> clausesOf(const std::vector<ir::Clause> &cs,
                                        std::initializer_list<ClauseKind> kinds) {
  // context_everywhere first (as VerCors): the other clauses may read what it frames.
  std::vector<const ir::Expr *> out;
  for (int everywhere = 1; everywhere >= 0; --everywhere)
    for (const ir::Clause &c : cs)
      for (ClauseKind k : kinds)
        if (c.kind == k && (k == ClauseKind::ContextEverywhere) == (everywhere == 1))
          out.push_back(c.expr.get());
  return out;
}

ir::ExprPtr conjoin(const std::vector<const ir::Expr *> &parts) {
  ir::ExprPtr acc;
  for (const ir::Expr *p : parts) {
    auto e = std::make_shared<ir::Expr>(*p);
    if (!acc) {
      acc = e;
      continue;
    }
    auto s = std::make_shared<ir::Expr>();
    s->kind = ir::ExprKind::Binary;
    s->binop = ir::BinOp::Star;
    s->type = ir::Type::Resource;
    s->range = {acc->range.begin, e->range.end};
    s->args = {acc, e};
    acc = s;
  }
  if (acc && acc->kind == ir::ExprKind::Binary && acc->binop == ir::BinOp::Star)
    acc->type = ir::Type::Resource;
  return acc;
}

void analyseDivergence(ThreadContext &tc, const std::vector<ir::StmtPtr> &body,
                       std::set<std::string> uniform, const std::set<std::string> &memoryReaders) {
  LockStepResult ls = analyseLockStep(body, std::move(uniform), memoryReaders);
  tc.divergence.clear();
  for (const DivergenceError &d : ls.errors)
    tc.divergence[d.condition].push_back(d.barrier);
  tc.uniform = std::move(ls.uniform);
}

std::map<std::string, Sort> freeVariablesOf(const State &st) {
  std::vector<T> ts = st.allFacts();
  for (const auto &[n, v] : st.vars)
    ts.push_back(v);
  ts.push_back(st.heap);
  return freeVariables(ts);
}

std::set<std::string> freeSymbolsOf(const State &st) {
  std::set<std::string> out;
  for (const auto &[n, sort] : freeVariablesOf(st))
    out.insert(n);
  return out;
}

void Executor::checkUniform(const ir::Expr &cond, State &st) {
  if (!thread_)
    return;
  auto it = thread_->divergence.find(&cond);
  if (it == thread_->divergence.end())
    return;
  ExprEncoder enc(vc_, st);
  enc.reads = ReadCheck::None; // the condition's own reads are checked where it is evaluated
  T c = enc.encode(cond);
  // A second thread of the same group: every symbol of this thread's own renamed.
  std::vector<T> facts = st.allFacts();
  std::vector<T> all = facts;
  all.push_back(c);
  std::vector<std::pair<std::string, T>> rename;
  for (const auto &[n, sort] : freeVariables(all))
    if (!thread_->sharedSymbols.count(n))
      rename.emplace_back(n, var(n + "$2nd", sort));
  std::vector<T> other;
  for (const T &f : facts)
    other.push_back(substitute(f, rename));
  T goal = eq(c, substitute(c, rename));
  for (const ir::Stmt *barrier : it->second) {
    State query = st; // not assumed afterwards: each barrier gets its own report
    vc_.check(query, other, goal, DiagCode::BarrierDivergence, barrier->range,
              "threads may disagree on reaching this barrier (barrier divergence)",
              {{cond.range, "this condition may differ between threads of the group"}});
  }
}

void verifyThread(VcContext &vc, const ThreadContext &tc, State &st, const ir::ExprPtr &pre,
                  const ir::ExprPtr &post, const std::vector<ir::StmtPtr> &body,
                  const ExhaleBlame &postBlame) {
  ResourceEngine res(vc);
  if (post)
    res.checkSelfFraming(*post, st);
  if (pre) {
    ResourceOptions framing;
    framing.reads = ReadCheck::Framing;
    res.inhale(*pre, st, framing);
  }
  Executor ex(vc, nullptr, &tc);
  ex.exec(body, st);
  if (!st.dead && post) {
    ex.interfere(st);
    EntryValues entry(st, entryNames(st));
    res.exhale(*post, st, postBlame);
    checkPathEnd(vc, st, post->range);
  }
}

// A thread's postcondition may name the variables that exist where it starts (its
// parameters, ids and sizes): those, read with their values there (EntryValues).
std::vector<std::string> entryNames(const State &st) {
  std::vector<std::string> names;
  for (const auto &[n, v] : st.oldVars)
    names.push_back(n);
  return names;
}

namespace {
const auto kPre = {ClauseKind::Requires, ClauseKind::Context, ClauseKind::ContextEverywhere};
const auto kPost = {ClauseKind::Ensures, ClauseKind::Context, ClauseKind::ContextEverywhere};
} // namespace

void Executor::exec(const std::vector<ir::StmtPtr> &body, State &st) {
  // Block scoping: names declared inside disappear at the end.
  std::set<std::string> outer;
  for (const auto &[n, v] : st.vars)
    outer.insert(n);
  VacuityScope scope(vc_, -1); // a loop exit below sets the scope of the rest of the block
  for (size_t i = 0; i < body.size() && !st.dead; ++i) {
    vc_.followedByCode = i + 1 < body.size();
    exec(*body[i], st);
  }
  if (!body.empty())
    checkPathEnd(vc_, st, body.back()->range);
  for (auto it = st.vars.begin(); it != st.vars.end();)
    it = outer.count(it->first) ? std::next(it) : st.vars.erase(it);
}

void Executor::interfere(State &st) {
  if (thread_ && thread_->gpu && !vc_.atomicArrays.empty())
    res_.havocShared(st, vc_.atomicRefs());
}

void Executor::exec(const ir::Stmt &s, State &st) {
  // Between any two steps of this thread, other threads' atomics may change the
  // cells it does not hold entirely.
  interfere(st);
  switch (s.kind) {
  case ir::StmtKind::Block:
    if (s.catches != ir::Catches::Nothing)
      execCatching(s, st);
    else
      exec(s.body, st);
    return;
  case ir::StmtKind::VarDecl: {
    if (s.value && s.value->kind == ir::ExprKind::NewArray) {
      st.vars[s.name] = allocate(*s.value, st);
    } else if (s.value) {
      ExprEncoder enc(vc_, st);
      st.vars[s.name] = enc.encode(*s.value);
    } else {
      st.vars[s.name] = vc_.freshVar(s.name, sortOf(s.declType));
      if (vc_.bounded(s.cint))
        st.assume(inRange(st.vars[s.name], s.cint));
    }
    return;
  }
  case ir::StmtKind::Assign:
    execAssign(s, st);
    return;
  case ir::StmtKind::If:
    execIf(s, st);
    return;
  case ir::StmtKind::While:
    execWhile(s, st);
    return;
  case ir::StmtKind::Return: {
    checkPathEnd(vc_, st, s.range);
    if (thread_ && thread_->onReturn) {
      thread_->onReturn(st, s.range);
      st.dead = true;
      return;
    }
    if (thread_) {
      vc_.unsupported(s.range, "return inside a parallel block or kernel");
      return;
    }
    if (s.value) {
      ExprEncoder enc(vc_, st);
      st.result = enc.encode(*s.value);
    }
    exhalePost(st, s.range);
    st.dead = true;
    return;
  }
  case ir::StmtKind::Assert: {
    // `fold p(...)` / `unfold p(...)` (PVL): the expanded predicate must hold.
    const std::string what =
        s.name.empty() ? "the assertion" : "the predicate to " + s.name + " here";
    if (s.value->type == ir::Type::Resource) {
      ExhaleBlame b{DiagCode::Assert, DiagCode::Assert, what, {}};
      if (!s.name.empty())
        b.site = s.range; // the fold, with a note at the part of the body that fails
      ResourceOptions o;
      o.reads = ReadCheck::Permission;
      res_.exhale(*s.value, st, b, o, /*commit=*/false);
      return;
    }
    // About this thread and a second one (vcgen/two_thread.h): the resource engine
    // checks it atom by atom, with the second thread's facts where one speaks of it.
    if (mentionsOther(*s.value)) {
      PairPointScope point(vc_, &s);
      ResourceOptions o;
      o.reads = ReadCheck::Permission;
      res_.exhale(*s.value, st, {DiagCode::Assert, DiagCode::Assert, what, {}}, o,
                  /*commit=*/false);
      return;
    }
    ExprEncoder enc(vc_, st);
    T v = enc.encode(*s.value);
    vc_.check(st, {}, v, s.assertCode, s.name.empty() ? s.value->range : s.range,
              s.assertMessage.empty() ? what + " may not hold" : s.assertMessage);
    st.assume(v);
    return;
  }
  case ir::StmtKind::Assume: {
    if (mentionsOther(*s.value))
      return; // a claim about two threads: assuming less is sound
    ExprEncoder enc(vc_, st);
    st.assume(enc.encode(*s.value));
    return;
  }
  case ir::StmtKind::Call:
    execCall(s, st);
    return;
  case ir::StmtKind::Par:
  case ir::StmtKind::Parallel:
  case ir::StmtKind::Sequential:
    execPar(s, st);
    return;
  case ir::StmtKind::Vec:
    execVec(s, st);
    return;
  case ir::StmtKind::Barrier:
    execBarrier(s, st);
    st.writesSinceBarrier.clear();
    return;
  case ir::StmtKind::Atomic:
    execAtomic(s, st);
    return;
  case ir::StmtKind::InvariantBlock:
    execInvariantBlock(s, st);
    return;
  case ir::StmtKind::AtomicBlock:
    execAtomicBlock(s, st);
    return;
  case ir::StmtKind::Break:
  case ir::StmtKind::Continue:
    execJump(s, st);
    return;
  }
}

void Executor::execAtomic(const ir::Stmt &s, State &st) {
  ExprEncoder enc(vc_, st);
  const ir::Expr &loc = *s.args[0];
  const ir::Expr &arr = *loc.args[0];
  T ref = enc.encode(arr);
  T idx = enc.encode(*loc.args[1]);
  std::vector<T> ops;
  for (size_t i = 1; i < s.args.size(); ++i)
    ops.push_back(enc.encode(*s.args[i]));
  std::string name = vc_.spelling(arr);
  enc.require(neq(ref, nullRef()), DiagCode::Null, arr.range,
              fmt::format("array '{}' may be null", name));
  enc.require(land(le(intConst(0), idx), lt(idx, lengthOf(ref))), DiagCode::Bounds,
              loc.args[1]->range, fmt::format("index may be out of bounds of '{}'", name));
  T perm = select(st.mask, ref, idx);
  enc.require(lt(realConst(0, 1), perm), DiagCode::PermRead, loc.range,
              fmt::format("an atomic on '{}' needs some permission to it", vc_.spelling(loc)));
  // With all of the permission no other thread can interfere: the exact effect.
  // Otherwise other threads' atomics may have run before and after: unknown values.
  T old = select(st.heap, ref, idx);
  T exact = old;
  auto arg = [&](size_t i) { return i < ops.size() ? ops[i] : intConst(0); };
  if (s.name == "add")
    exact = add(old, arg(0));
  else if (s.name == "sub")
    exact = sub(old, arg(0));
  else if (s.name == "inc")
    exact = add(old, intConst(1));
  else if (s.name == "dec")
    exact = sub(old, intConst(1));
  else if (s.name == "xchg")
    exact = arg(0);
  else if (s.name == "cmpxchg")
    exact = ite(eq(old, arg(0)), arg(1), old);
  else if (s.name == "min")
    exact = ite(le(old, arg(0)), old, arg(0));
  else if (s.name == "max")
    exact = ite(ge(old, arg(0)), old, arg(0));
  else if ((s.name == "and" || s.name == "or" || s.name == "xor") && vc_.bounded(loc.cint))
    exact = vc_.bitOperation(s.name == "and"  ? '&'
                             : s.name == "or" ? '|'
                                              : '^',
                             old, arg(0), loc.cint);
  else if (s.name == "inc_wrap") // CUDA atomicInc: ((old >= val) ? 0 : (old + 1))
    exact = ite(ge(old, arg(0)), intConst(0), add(old, intConst(1)));
  else if (s.name == "dec_wrap") // CUDA atomicDec: ((old == 0 || old > val) ? val : (old - 1))
    exact = ite(lor(eq(old, intConst(0)), gt(old, arg(0))), arg(0), sub(old, intConst(1)));
  else if (s.name != "add" && s.name != "sub" && s.name != "inc" && s.name != "dec" &&
           s.name != "xchg" && s.name != "cmpxchg" && s.name != "min")
    exact = vc_.freshVar("atomic_exact", Sort::Int); // no exact model (float_add, ...):
                                                     // an unknown new value
  // Atomics on C integers wrap around (two's complement), signed ones too: the
  // hardware's read-modify-write has no undefined behaviour.
  if (vc_.bounded(loc.cint))
    exact = vc_.wrapTo(exact, loc.cint);
  T whole = eq(perm, realConst(1, 1));
  T otherOld = vc_.freshVar("atomic_old", Sort::Int);
  T otherNew = vc_.freshVar("atomic_new", Sort::Int);
  if (vc_.bounded(loc.cint)) {
    st.assume(inRange(otherOld, loc.cint));
    st.assume(inRange(otherNew, loc.cint));
  }
  T before = ite(whole, old, otherOld);
  T after = ite(whole, exact, otherNew);
  st.heap = store(st.heap, ref, idx, after);
  if (s.target) {
    if (!st.vars.count(s.target->name)) {
      vc_.typeError(s.target->range, fmt::format("'{}' is not assignable here", s.target->name));
      return;
    }
    st.vars[s.target->name] = before;
  }
}

void Executor::execAssign(const ir::Stmt &s, State &st) {
  ExprEncoder enc(vc_, st);
  if (s.target->kind == ir::ExprKind::Var) {
    T v = s.value->kind == ir::ExprKind::NewArray ? allocate(*s.value, st) : enc.encode(*s.value);
    if (!st.vars.count(s.target->name)) {
      vc_.typeError(s.target->range, fmt::format("'{}' is not assignable here", s.target->name));
      return;
    }
    st.vars[s.target->name] = v;
    return;
  }
  const ir::Expr &arr = *s.target->args[0];
  T ref = enc.encode(arr);
  T idx = enc.encode(*s.target->args[1]);
  T v = enc.encode(*s.value);
  std::string name = vc_.spelling(arr);
  enc.require(neq(ref, nullRef()), DiagCode::Null, arr.range,
              fmt::format("array '{}' may be null", name));
  enc.require(land(le(intConst(0), idx), lt(idx, lengthOf(ref))), DiagCode::Bounds,
              s.target->args[1]->range, fmt::format("index may be out of bounds of '{}'", name));
  enc.require(eq(select(st.mask, ref, idx), realConst(1, 1)), DiagCode::PermWrite, s.target->range,
              fmt::format("no write permission to '{}'", vc_.spelling(*s.target)),
              keptByParNote(st, arr));
  st.heap = store(st.heap, ref, idx, v);
  if (arr.kind == ir::ExprKind::Var)
    st.writesSinceBarrier[arr.name] = s.range;
}

void Executor::merge(State &st, const T &cond, State &thenSt, State &elseSt) {
  if (thenSt.dead && elseSt.dead) {
    st.dead = true;
    return;
  }
  if (thenSt.dead || elseSt.dead) {
    State &live = thenSt.dead ? elseSt : thenSt;
    auto vars = st.vars;
    st = live;
    for (auto it = st.vars.begin(); it != st.vars.end();)
      it = vars.count(it->first) ? std::next(it) : st.vars.erase(it);
    return;
  }
  T a = land(thenSt.factsSince(st.pc)), b = land(elseSt.factsSince(st.pc));
  st.assume(implies(cond, a));
  st.assume(implies(lnot(cond), b));
  for (auto &[name, value] : st.vars)
    value = ite(cond, thenSt.vars.at(name), elseSt.vars.at(name));
  st.writesSinceBarrier = elseSt.writesSinceBarrier;
  for (const auto &[name, at] : thenSt.writesSinceBarrier)
    st.writesSinceBarrier[name] = at;
  st.keptByPar = elseSt.keptByPar;
  for (const auto &[name, at] : thenSt.keptByPar)
    st.keptByPar[name] = at;
  st.heap = ite(cond, thenSt.heap, elseSt.heap);
  st.mask = vc_.nameMask(st, ite(cond, thenSt.mask, elseSt.mask));
}

void Executor::execIf(const ir::Stmt &s, State &st) {
  checkUniform(*s.cond, st);
  ExprEncoder enc(vc_, st);
  T c = enc.encode(*s.cond);
  State t = st, f = st;
  t.assume(c);
  f.assume(lnot(c));
  for (auto [branch, x] : {std::pair{&s.body, &t}, std::pair{&s.elseBody, &f}}) {
    VacuityScope scope(vc_, branchReachable(vc_, *x, *branch, *s.cond));
    exec(*branch, *x);
  }
  merge(st, c, t, f);
}

void Executor::exhalePost(State &st, SourceRange site) {
  if (!method_)
    return;
  ir::ExprPtr post = conjoin(clausesOf(method_->contract, kPost));
  if (!post) {
    return;
  }
  if (!st.result && method_->returnType != ir::Type::Void)
    st.result = vc_.freshVar("result", sortOf(method_->returnType));
  ExhaleBlame b{DiagCode::Post,
                DiagCode::Post,
                "the postcondition",
                {{site, "when the method returns here"}}};
  std::vector<std::string> params; // not the yields parameters: outputs, read at return
  for (const ir::Param &p : method_->params)
    params.push_back(p.name);
  EntryValues entry(st, params);
  res_.exhale(*post, st, b);
  // The postcondition's clauses, proved, are assumed: they can complete a
  // contradiction the body began (docs/soundness.md, "Vacuity", cause 15).
  checkPathEnd(vc_, st, site);
}

void Executor::execCall(const ir::Stmt &s, State &st) {
  // A function is verified on its own, not knowing that other threads update an
  // array with atomics; its plain reads of it could race with them.
  // Decided per location: an argument that may be (alias) an atomically updated
  // buffer is as unsupported as the buffer itself.
  if (!vc_.atomicArrays.empty())
    for (const ir::ExprPtr &a : s.args) {
      if (!a || a->type != ir::Type::IntArray)
        continue;
      if (a->kind == ir::ExprKind::Var &&
          std::any_of(vc_.atomicArrays.begin(), vc_.atomicArrays.end(),
                      [&](const auto &x) { return x.name == a->name; })) {
        vc_.unsupported(a->range, fmt::format("unsupported: passing '{}', which the kernel "
                                              "updates with atomics, to a function",
                                              a->name));
        continue;
      }
      ExprEncoder e(vc_, st);
      e.reads = ReadCheck::None;
      vc_.check(st, {}, lnot(vc_.mayBeAtomic(e.encode(*a))), DiagCode::Unsupported, a->range,
                fmt::format("unsupported: '{}' may be a buffer the kernel updates with atomics "
                            "(the contract does not rule out that they alias), and passing such "
                            "a buffer to a function is not supported",
                            vc_.spelling(*a)));
    }
  const ir::Method *callee = vc_.findMethod(s.name);
  if (!callee || callee->pure) {
    vc_.typeError(s.range, fmt::format("'{}' is not a method", s.name));
    return;
  }
  ExprEncoder enc(vc_, st);
  std::vector<T> args;
  for (const ir::ExprPtr &a : s.args)
    args.push_back(enc.encode(*a));
  auto callerVars = st.vars;
  auto callerOldHeap = st.oldHeap;
  auto callerOldVars = st.oldVars;
  auto callerResult = st.result;
  std::map<std::string, T> params;
  for (size_t i = 0; i < callee->params.size() && i < args.size(); ++i)
    params[callee->params[i].name] = args[i];
  T heapBefore = st.heap;
  st.vars = params;
  // The callee's `this` is the caller's: a call into another class would need the
  // object it is called on.
  bool calleeHasFields =
      std::any_of(vc_.program().fields.begin(), vc_.program().fields.end(),
                  [&](const ir::Field &f) { return f.className == callee->className; });
  if (calleeHasFields && (!method_ || method_->className != callee->className))
    vc_.unsupported(s.range, fmt::format("calling '{}', a method of class '{}' with fields, "
                                         "from outside that class (kprove models only 'this')",
                                         s.name, callee->className));
  vc_.bindFields(st, callee->className);
  params = st.vars;
  if (ir::ExprPtr pre = conjoin(clausesOf(callee->contract, kPre))) {
    ExhaleBlame b{
        DiagCode::Pre,
        DiagCode::Pre,
        fmt::format("the precondition of '{}' (called at line {})", s.name, vc_.lineOf(s.range)),
        {}};
    b.site = s.range;
    // Its two-thread claims are about this thread at the call (vcgen/two_thread.h).
    PairPointScope point(vc_, &s, &callerVars);
    res_.exhale(*pre, st, b);
  }
  T result;
  if (callee->returnType != ir::Type::Void) {
    result = vc_.freshVar("result", sortOf(callee->returnType));
    if (callee->returnType == ir::Type::Int && vc_.bounded(callee->returnCint))
      st.assume(inRange(result, callee->returnCint));
  }
  st.result = result;
  st.oldHeap = heapBefore;
  st.oldVars = params;
  // The callee's yields parameters: any values its postcondition allows.
  std::map<std::string, T> yielded;
  for (const ir::Param &y : callee->yields) {
    T v = vc_.freshVar(y.name, sortOf(y.type));
    if (y.type == ir::Type::IntArray || y.type == ir::Type::IntMatrix)
      st.assume(le(intConst(0), lengthOf(v)));
    else if (vc_.bounded(y.cint))
      st.assume(inRange(v, y.cint));
    st.vars[y.name] = yielded[y.name] = v;
  }
  if (ir::ExprPtr post = conjoin(clausesOf(callee->contract, kPost)))
    res_.inhale(*post, st);
  st.vars = callerVars;
  st.oldHeap = callerOldHeap;
  st.oldVars = callerOldVars;
  st.result = callerResult;
  if (s.target && result) {
    if (s.target->kind == ir::ExprKind::Var)
      st.vars[s.target->name] = result;
    else
      vc_.unsupported(s.target->range, "assigning a call's result to an array element");
  }
  for (const ir::GhostArg &y : s.yields)
    if (y.value && y.value->kind == ir::ExprKind::Var && yielded.count(y.name))
      st.vars[y.value->name] = yielded[y.name];
}

} // namespace kprove::vcgen
