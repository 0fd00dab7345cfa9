// VerCors's `vec (int j = lo .. hi) { body }`: the iterations ("lanes") run the body
// in lock-step inside the thread that reaches the block, one statement at a time for
// all of them, as SIMD hardware does. No lane runs concurrently with another thread
// step, so there is no race between lanes, only two kinds of conflict: two lanes
// writing one cell in one statement (checked as injectivity), and reads and writes
// the thread holds no permission for (checked for every lane).
//
// The body runs once for an arbitrary lane `j` (a skolem in [lo, hi)) against the
// thread's state. A lane's own variables are terms over `j`. An assignment to an
// array cell is one lock-step step: the thread gives away write permission to the
// cell of every active lane (injectivity, permission) and gets it back with the
// cell's new value, `\forall j: a[e(j)] == v(j)` where v(j) was computed before any
// lane wrote — the resource engine's quantified-permission machinery does both
// halves. An `if` masks lanes: its then-branch runs for the lanes where the
// condition holds, then its else-branch for the others.
#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"

#include <fmt/format.h>

namespace kprove::vcgen {

using namespace term;

namespace {
const char *stmtWord(ir::StmtKind k) {
  switch (k) {
  case ir::StmtKind::While:
    return "a loop";
  case ir::StmtKind::Return:
    return "'return'";
  case ir::StmtKind::Call:
    return "a method call";
  case ir::StmtKind::Par:
  case ir::StmtKind::Parallel:
  case ir::StmtKind::Sequential:
    return "a par block";
  case ir::StmtKind::Vec:
    return "a nested vec block";
  case ir::StmtKind::Barrier:
    return "a barrier";
  case ir::StmtKind::Atomic:
  case ir::StmtKind::InvariantBlock:
  case ir::StmtKind::AtomicBlock:
    return "an atomic or invariant block";
  case ir::StmtKind::Break:
  case ir::StmtKind::Continue:
    return "'break' or 'continue'";
  case ir::StmtKind::Assume:
    return "'assume'";
  default:
    return "this statement";
  }
}
} // namespace

// The lanes of one vec block while its body runs.
struct Executor::VecLanes {
  std::string name; // the iteration variable
  T lane;           // its skolem
  T lo, hi;
  std::map<std::string, T> vars; // the lanes' own variables, as terms over `lane`
  // Names kprove invented while a lane's value was computed: a term over one of them
  // would be one value shared by all lanes, so it must not reach a quantified fact.
  std::vector<std::string> invented;
};

State Executor::laneState(const State &st, const VecLanes &v, const T &active) {
  State lane = st;
  // The iteration's own names mean the same inside \old (its iteration variable may
  // shadow a parameter, whose entry value \old would otherwise read: red team).
  for (const auto &[n, t] : v.vars) {
    lane.vars[n] = t;
    lane.oldVars[n] = t;
  }
  lane.vars[v.name] = v.lane;
  lane.oldVars[v.name] = v.lane;
  lane.assume(land(le(v.lo, v.lane), lt(v.lane, v.hi)));
  lane.assume(active);
  return lane;
}

// Encodes `e` for the arbitrary lane; returns nullopt (after an `unsupported`) when
// the value rests on a name kprove invented for it (one value for every lane).
std::optional<T> Executor::laneValue(const ir::Expr &e, State &lane, VecLanes &v) {
  std::vector<std::string> log;
  vc_.freshLog = &log;
  ExprEncoder enc(vc_, lane);
  T t = enc.encode(e);
  vc_.freshLog = nullptr;
  for (const std::string &n : log)
    if (mentions(t, n)) {
      vc_.unsupported(e.range, "this expression inside a vec block (its value would not be "
                               "modelled per iteration)");
      return std::nullopt;
    }
  return t;
}

void Executor::execVec(const ir::Stmt &s, State &st) {
  if (thread_ && (thread_->gpu || thread_->seed)) {
    vc_.unsupported(s.range, "a vec block inside a kernel");
    return;
  }
  const ir::ParIter &it = s.iters.at(0);
  ExprEncoder enc(vc_, st);
  VecLanes v;
  v.name = it.name;
  v.lo = enc.encode(*it.lo);
  v.hi = enc.encode(*it.hi);
  v.lane = vc_.freshVar(it.name, Sort::Int);
  execVecBody(s.body, st, v, tru());
}

void Executor::execVecBody(const std::vector<ir::StmtPtr> &body, State &st, VecLanes &v,
                           const T &active) {
  // Block scoping of the lanes' variables.
  std::set<std::string> outer;
  for (const auto &[n, t] : v.vars)
    outer.insert(n);
  for (const ir::StmtPtr &s : body)
    if (s && !st.dead)
      execVecStmt(*s, st, v, active);
  for (auto it = v.vars.begin(); it != v.vars.end();)
    it = outer.count(it->first) ? std::next(it) : v.vars.erase(it);
}

void Executor::execVecStmt(const ir::Stmt &s, State &st, VecLanes &v, const T &active) {
  switch (s.kind) {
  case ir::StmtKind::Block:
    if (s.catches != ir::Catches::Nothing)
      break;
    execVecBody(s.body, st, v, active);
    return;
  case ir::StmtKind::VarDecl: {
    if (s.value && s.value->kind == ir::ExprKind::NewArray)
      break;
    if (!s.value) {
      // Each lane's own unknown value: a function of the lane.
      v.vars[s.name] = app(vc_.fresh(s.name + "$lane"), sortOf(s.declType), {v.lane});
      return;
    }
    State lane = laneState(st, v, active);
    if (std::optional<T> val = laneValue(*s.value, lane, v))
      v.vars[s.name] = *val;
    return;
  }
  case ir::StmtKind::Assign:
    if (s.value && s.value->kind == ir::ExprKind::NewArray)
      break;
    if (s.target->kind == ir::ExprKind::Var) {
      auto old = v.vars.find(s.target->name);
      if (old == v.vars.end()) {
        vc_.unsupported(s.target->range,
                        fmt::format("assigning '{}' inside a vec block: every iteration would "
                                    "write it (declare it in the block)",
                                    s.target->name));
        return;
      }
      State lane = laneState(st, v, active);
      if (std::optional<T> val = laneValue(*s.value, lane, v))
        old->second = ite(active, *val, old->second);
      return;
    }
    execVecWrite(s, st, v, active);
    return;
  case ir::StmtKind::If: {
    State lane = laneState(st, v, active);
    std::optional<T> c = laneValue(*s.cond, lane, v);
    if (!c)
      return;
    execVecBody(s.body, st, v, land(active, *c));
    execVecBody(s.elseBody, st, v, land(active, lnot(*c)));
    return;
  }
  case ir::StmtKind::Assert: {
    if (s.value->type == ir::Type::Resource)
      break;
    State lane = laneState(st, v, active);
    ExprEncoder enc(vc_, lane);
    T goal = enc.encode(*s.value);
    vc_.check(lane, {}, goal, s.assertCode, s.value->range,
              "the assertion may not hold for every iteration of the vec block");
    return;
  }
  default:
    break;
  }
  vc_.unsupported(s.range, fmt::format("{} inside a vec block", stmtWord(s.kind)));
}

// `a[e] = rhs;` for all active lanes at once.
void Executor::execVecWrite(const ir::Stmt &s, State &st, VecLanes &v, const T &active) {
  State lane = laneState(st, v, active);
  const ir::Expr &arr = *s.target->args[0];
  std::optional<T> val = laneValue(*s.value, lane, v);
  std::optional<T> ref = laneValue(arr, lane, v);
  std::optional<T> idx = laneValue(*s.target->args[1], lane, v);
  if (!val || !ref || !idx)
    return;
  if (mentions(*ref, v.lane->name)) {
    vc_.unsupported(arr.range, "an array that depends on the iteration of a vec block");
    return;
  }
  std::string name = vc_.spelling(arr);
  ExprEncoder enc(vc_, lane);
  enc.require(neq(*ref, nullRef()), DiagCode::Null, arr.range,
              fmt::format("array '{}' may be null", name));
  enc.require(land(le(intConst(0), *idx), lt(*idx, lengthOf(*ref))), DiagCode::Bounds,
              s.target->args[1]->range, fmt::format("index may be out of bounds of '{}'", name));

  QBinder lanes{v.lane, v.lo, v.hi};
  lanes.overLanes = true;
  Atom perm;
  perm.kind = Atom::Kind::Perm;
  perm.binders = {lanes};
  perm.guards = {active};
  perm.ref = *ref;
  perm.index = *idx;
  perm.amount = realConst(1, 1);
  perm.range = s.target->range;
  perm.arrayName = name;
  ExhaleBlame blame{DiagCode::PermWrite,
                    DiagCode::Assert,
                    "writing it in every iteration of the vec block",
                    {},
                    std::nullopt};
  res_.exhaleAtoms({perm}, st, blame, /*commit=*/true);
  Atom value;
  value.kind = Atom::Kind::Pure;
  value.binders = {lanes};
  value.guards = {active};
  value.formula = eq(select(st.heap, *ref, *idx), *val);
  value.range = s.range;
  res_.inhaleAtoms({perm, value}, st, ResourceOptions{});
  if (arr.kind == ir::ExprKind::Var)
    st.writesSinceBarrier[arr.name] = s.range;
}

} // namespace kprove::vcgen
