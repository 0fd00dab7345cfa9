// Replay (replay/): running the threads — each thread's statements on its frame
// stack (blocks, loops, calls) until its next barrier, the groups barrier interval
// by barrier interval, divergence, atomics, the races between accesses, and the
// step budget.
#include "replay/machine.h"

#include <fmt/format.h>

namespace kprove::replay::detail {

void Interpreter::runAll() {
  // Local arrays: one per work group.
  std::vector<std::map<std::string, Val>> localsOf(groups_.size());
  if (gk_)
    for (size_t g = 0; g < groups_.size(); ++g)
      for (const ir::KernelArray &a : gk_->locals) {
        Ctx c{&threads_[0]};
        c.checkReads = false;
        c.clause = true;
        i128 len = evalInt(*a.length, c);
        localsOf[g][a.name] = Val::array(addArray(ir::sourceName(a.name), len, true, a.cint));
      }
  for (Thread &t : threads_) {
    for (const ir::Param &p : gk_ ? gk_->params : std::vector<ir::Param>{})
      t.env[p.name] = globals_.at(p.name);
    for (const auto &[n, v] : localsOf[static_cast<size_t>(t.group)])
      t.env[n] = v;
    t.oldEnv = t.env;
  }
  const std::vector<ir::Clause> &contract = gk_ ? gk_->contract : sk_->contract;
  // The precondition of every thread: the permissions it starts with.
  if (opts_.preconditionOnly)
    for (Thread &t : threads_)
      for (const ir::Expr *pre : clausesOf(contract, kPre))
        defineCells(*pre, t);
  for (Thread &t : threads_)
    for (const ir::Expr *pre : clausesOf(contract, kPre))
      inhalePrecondition(*pre, t);
  if (opts_.preconditionOnly)
    throw Stop{};
  auto initial = std::make_shared<Snapshot>(snapshot());
  const std::vector<ir::StmtPtr> &body = gk_ ? gk_->body : sk_->body;
  for (Thread &t : threads_) {
    t.oldMem = initial;
    t.oldEnv = t.env;
    Frame f;
    f.stmts = &body;
    t.stack.push_back(std::move(f));
  }
  for (size_t g = 0; g < groups_.size(); ++g)
    runGroup(g);
}

Snapshot Interpreter::snapshot() const {
  Snapshot s;
  for (const Array &a : arrays_)
    s.push_back(a.cells);
  return s;
}

void Interpreter::runGroup(size_t g) {
  std::vector<Thread *> group;
  for (Thread &t : threads_)
    if (t.group == static_cast<int>(g))
      group.push_back(&t);
  for (;;) {
    for (Thread *t : group)
      runThread(*t);
    std::vector<Thread *> waiting, done;
    for (Thread *t : group)
      (t->status == Thread::S::Done ? done : waiting).push_back(t);
    if (waiting.empty())
      return;
    const ir::Stmt *b = waiting[0]->barrier;
    for (Thread *t : waiting)
      if (t->barrier != b)
        fail(Failure::Kind::Divergence, DiagCode::BarrierDivergence, t->barrier->range, b->range,
             fmt::format("{} waits at the barrier at {} while {} waits at the barrier at {}",
                         name(*t), where(t->barrier->range), name(*waiting[0]), where(b->range)),
             true);
    if (!done.empty())
      fail(Failure::Kind::Divergence, DiagCode::BarrierDivergence, b->range, {},
           fmt::format("{} waits at the barrier at {} while {} has finished", name(*waiting[0]),
                       where(b->range), name(*done[0])),
           true);
    barrier(*b, waiting, g);
    for (Thread *t : waiting) {
      t->status = Thread::S::Running;
      t->barrier = nullptr;
    }
  }
}

void Interpreter::runThread(Thread &t) {
  while (t.status == Thread::S::Running) {
    if (t.stack.empty()) {
      finish(t);
      return;
    }
    Frame &f = t.stack.back();
    switch (f.k) {
    case Frame::K::Block:
      if (f.pc >= f.stmts->size()) {
        t.stack.pop_back();
        continue;
      }
      exec(*(*f.stmts)[f.pc++], t);
      break;
    case Frame::K::Loop:
      loopStep(t);
      break;
    case Frame::K::Call:
      returnFromCall(t, std::nullopt);
      break;
    }
  }
}

void Interpreter::pushBlock(Thread &t, const std::vector<ir::StmtPtr> &stmts, ir::Catches catches) {
  Frame f;
  f.stmts = &stmts;
  f.catches = catches;
  t.stack.push_back(std::move(f));
}

void Interpreter::exec(const ir::Stmt &s, Thread &t) {
  tick();
  Ctx c{&t};
  switch (s.kind) {
  case ir::StmtKind::Block:
    pushBlock(t, s.body, s.catches);
    return;
  case ir::StmtKind::VarDecl: {
    Val v = s.value                            ? eval(*s.value, c)
            : s.declType == ir::Type::Bool     ? Val::boolean(false)
            : s.declType == ir::Type::IntArray ? Val::array(0)
            : s.declType == ir::Type::Frac     ? Val::amount(kNone)
                                               : Val::num(0);
    t.env[s.name] = v;
    return;
  }
  case ir::StmtKind::Assign: {
    Val v = eval(*s.value, c);
    if (s.target->kind == ir::ExprKind::Var) {
      t.env[s.target->name] = v;
      return;
    }
    if (s.target->kind != ir::ExprKind::Index)
      throw NotReplayable{"an assignment to " + ir::toString(*s.target)};
    write(*s.target, v, t);
    return;
  }
  case ir::StmtKind::If:
    pushBlock(t, evalBool(*s.cond, c) ? s.body : s.elseBody);
    return;
  case ir::StmtKind::While: {
    Frame f;
    f.k = Frame::K::Loop;
    f.loop = &s;
    t.stack.push_back(std::move(f));
    return;
  }
  case ir::StmtKind::Return: {
    std::optional<Val> v;
    if (s.value)
      v = eval(*s.value, c);
    while (!t.stack.empty() && t.stack.back().k != Frame::K::Call)
      t.stack.pop_back();
    if (t.stack.empty())
      finish(t);
    else
      returnFromCall(t, v);
    return;
  }
  case ir::StmtKind::Assert:
    if (!s.assertMessage.empty()) { // the front end's own check, with its code and reason
      if (!evalBool(*s.value, c))
        fail(Failure::Kind::Clause, s.assertCode, s.value->range, {},
             fmt::format("{}: {}", name(t), s.assertMessage), false, {&t});
      return;
    }
    check(*s.value, t, DiagCode::Assert, "the assertion", false);
    return;
  case ir::StmtKind::Assume:
    if (!evalBool(*s.value, c))
      throw Infeasible{
          fmt::format("the assumption at {} is false for {}", where(s.range), name(t))};
    return;
  case ir::StmtKind::Call:
    call(s, t);
    return;
  case ir::StmtKind::Par:
  case ir::StmtKind::Parallel:
  case ir::StmtKind::Sequential:
  case ir::StmtKind::Vec:
    throw NotReplayable{"a parallel block (par or vec) in a kernel"};
  case ir::StmtKind::InvariantBlock:
  case ir::StmtKind::AtomicBlock:
    throw NotReplayable{"an invariant or atomic block (PVL)"};
  case ir::StmtKind::Barrier:
    t.status = Thread::S::AtBarrier;
    t.barrier = &s;
    return;
  case ir::StmtKind::Atomic:
    atomic(s, t);
    return;
  case ir::StmtKind::Break:
  case ir::StmtKind::Continue:
    jump(s.kind == ir::StmtKind::Break, t, s.range);
    return;
  }
  throw NotReplayable{"a statement the replay does not model"};
}

void Interpreter::jump(bool isBreak, Thread &t, SourceRange at) {
  while (!t.stack.empty()) {
    Frame &f = t.stack.back();
    if (f.k == Frame::K::Call)
      break;
    if (f.k == Frame::K::Loop) {
      if (isBreak)
        t.stack.pop_back();
      f.continuedAt = at; // continue: the loop frame checks the invariant (blamed
      return;             // on the continue, as vcgen does) and the condition
    }
    ir::Catches catches = f.catches;
    t.stack.pop_back();
    if ((isBreak && catches == ir::Catches::Break) ||
        (!isBreak && catches == ir::Catches::Continue))
      return;
  }
  throw NotReplayable{"a break or continue outside a loop"};
}

void Interpreter::loopStep(Thread &t) {
  Frame &f = t.stack.back();
  const ir::Stmt &loop = *f.loop;
  tick();
  bool entry = !f.started;
  f.started = true;
  SourceRange at = f.continuedAt;
  f.continuedAt = {};
  check(clausesOf(loop.clauses, {ir::ClauseKind::LoopInvariant}), t,
        entry ? DiagCode::LoopEntry : DiagCode::LoopPreserve,
        entry        ? "the loop invariant on entry"
        : at.valid() ? "the loop invariant at the continue at " + where(at)
                     : "the loop invariant after an iteration",
        false, nullptr, nullptr, at);
  Ctx c{&t};
  if (evalBool(*loop.cond, c))
    pushBlock(t, loop.body);
  else
    t.stack.pop_back();
}

const ir::Method *Interpreter::findMethod(const std::string &n, bool pure) const {
  for (const ir::Method &m : program_.methods)
    if (m.name == n && m.pure == pure)
      return &m;
  return nullptr;
}

void Interpreter::call(const ir::Stmt &s, Thread &t) {
  const ir::Method *m = findMethod(s.name, false);
  if (!m)
    throw NotReplayable{"a call of '" + s.name + "'"};
  if (!m->body)
    throw NotReplayable{"a call of '" + s.name + "', which has no body"};
  if (m->params.size() != s.args.size())
    throw NotReplayable{"a call of '" + s.name + "' with another number of arguments"};
  Ctx c{&t};
  Env env;
  for (size_t i = 0; i < s.args.size(); ++i)
    env[m->params[i].name] = eval(*s.args[i], c);
  if (t.stack.size() > 200)
    throw NotReplayable{"calls nested deeper than 200"};
  Frame f;
  f.k = Frame::K::Call;
  f.method = m;
  f.call = &s;
  f.callerEnv = std::move(t.env);
  f.callerOld = std::move(t.oldEnv);
  f.callerOldMem = t.oldMem;
  t.stack.push_back(std::move(f));
  t.env = env;
  t.oldEnv = env;
  bool old = false;
  for (const ir::Clause &cl : m->contract)
    old = old || (cl.expr && mentionsOld(*cl.expr));
  if (old)
    t.oldMem = std::make_shared<Snapshot>(snapshot());
  // Blamed on the call, as vcgen does.
  check(clausesOf(m->contract, kPre), t, DiagCode::Pre, "the precondition of '" + m->name + "'",
        false, nullptr, nullptr, s.range);
  pushBlock(t, *m->body);
}

void Interpreter::returnFromCall(Thread &t, std::optional<Val> value) {
  Frame &f = t.stack.back();
  const ir::Method *m = f.method;
  Val result = value ? *value : Val::num(0);
  // The postcondition reads the parameters as passed (vcgen's EntryValues).
  Env current = t.env;
  for (const ir::Param &p : m->params)
    if (auto o = t.oldEnv.find(p.name); o != t.oldEnv.end())
      t.env[p.name] = o->second;
  check(clausesOf(m->contract, kPost), t, DiagCode::Post, "the postcondition of '" + m->name + "'",
        false, &result);
  t.env = std::move(current);
  const ir::Stmt *s = f.call;
  // The callee's yields parameters, received by the caller's `yields {x = q}`.
  std::vector<std::pair<std::string, Val>> yielded;
  for (const ir::GhostArg &y : s->yields)
    if (auto it = t.env.find(y.name); it != t.env.end() && y.value)
      yielded.emplace_back(y.value->name, it->second);
  t.env = std::move(f.callerEnv);
  t.oldEnv = std::move(f.callerOld);
  t.oldMem = f.callerOldMem;
  t.stack.pop_back();
  if (s->target && value) {
    if (s->target->kind != ir::ExprKind::Var)
      throw NotReplayable{"a call's result stored into " + ir::toString(*s->target)};
    t.env[s->target->name] = *value;
  }
  for (auto &[name, v] : yielded)
    t.env[name] = v;
}

void Interpreter::finish(Thread &t) {
  const std::vector<ir::Clause> &contract = gk_ ? gk_->contract : sk_->contract;
  // The thread's postcondition reads what existed where it started (its parameters,
  // ids and sizes) with the values there (vcgen's EntryValues).
  for (const auto &[name, v] : t.oldEnv)
    if (t.env.count(name))
      t.env[name] = v;
  check(clausesOf(contract, kPost), t, DiagCode::Post, "the postcondition", false);
  t.status = Thread::S::Done;
  t.stack.clear();
}

void Interpreter::atomic(const ir::Stmt &s, Thread &t) {
  Ctx c{&t};
  const ir::Expr &loc = *s.args[0];
  CellKey k = cellOf(loc, c, "an atomic on");
  std::vector<i128> ops;
  for (size_t i = 1; i < s.args.size(); ++i)
    ops.push_back(evalInt(*s.args[i], c));
  auto arg = [&](size_t i) { return i < ops.size() ? ops[i] : i128(0); };
  if (!positive(heldAt(t.held, k)))
    fail(Failure::Kind::Permission, DiagCode::PermRead, loc.range, {},
         fmt::format("{} runs an atomic on {} without permission to it", name(t), cellName(k)),
         false);
  recordAccess(t, k, true, true, loc.range);
  Array &a = arrays_[static_cast<size_t>(k.array)];
  i128 old = a.cells.count(k.index) ? a.cells[k.index] : 0;
  i128 v = old;
  const std::string &op = s.name;
  if (op == "add")
    v = old + arg(0);
  else if (op == "sub")
    v = old - arg(0);
  else if (op == "inc")
    v = old + 1;
  else if (op == "dec")
    v = old - 1;
  else if (op == "xchg")
    v = arg(0);
  else if (op == "cmpxchg")
    v = old == arg(0) ? arg(1) : old;
  else if (op == "min")
    v = std::min(old, arg(0));
  else if (op == "max")
    v = std::max(old, arg(0));
  else if (op == "and")
    v = old & arg(0);
  else if (op == "or")
    v = old | arg(0);
  else if (op == "xor")
    v = old ^ arg(0);
  else
    throw NotReplayable{"the atomic operation '" + op + "'"};
  if (bounded(loc.cint))
    v = wrap(v, loc.cint);
  a.cells[k.index] = v;
  if (s.target) {
    if (s.target->kind != ir::ExprKind::Var)
      throw NotReplayable{"an atomic's result stored into " + ir::toString(*s.target)};
    t.env[s.target->name] = Val::num(old);
  }
}

// Two threads, one cell, one barrier interval (or two work groups, which never
// synchronise), at least one write and not both atomic: a race.
void Interpreter::recordAccess(const Thread &t, const CellKey &k, bool write, bool atomic,
                               SourceRange r) {
  const Array &arr = arrays_[static_cast<size_t>(k.array)];
  uint32_t epoch = arr.local ? epochLocal_[static_cast<size_t>(t.group)]
                             : epochGlobal_[static_cast<size_t>(t.group)];
  std::vector<Access> &list = accesses_[k];
  bool seen = false;
  for (const Access &a : list) {
    if (a.thread == t.index) {
      seen = seen || (a.epoch == epoch && a.write == write && a.atomic == atomic &&
                      a.range.begin.offset == r.begin.offset);
      continue;
    }
    if (!(a.write || write) || (a.atomic && atomic))
      continue;
    bool concurrent = a.group != t.group || a.epoch == epoch;
    if (!concurrent)
      continue;
    const Thread &o = threads_[static_cast<size_t>(a.thread)];
    auto kind = [](bool w, bool at) {
      return at ? std::string("atomic update") : w ? std::string("write") : std::string("read");
    };
    fail(Failure::Kind::Race, write ? DiagCode::PermWrite : DiagCode::PermRead, r, a.range,
         fmt::format("{} by {} at {} conflicts with {} by {} at {} (both access {}, {})",
                     kind(a.write, a.atomic), name(o), where(a.range), kind(write, atomic), name(t),
                     where(r), cellName(k),
                     a.group != t.group ? "from two work groups, which never synchronise"
                                        : "with no barrier between them"),
         false, {&o, &t});
    break;
  }
  if (!seen && list.size() < 32)
    list.push_back({t.index, t.group, epoch, write, atomic, r});
}

} // namespace kprove::replay::detail
