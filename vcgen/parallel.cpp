// Parallel blocks and barriers (seed §5.1.2, §5.3.3; VerCors where the seed is
// silent). A parallel block is verified for one arbitrary thread; its caller
// gives away the \forall* of the threads' preconditions and gets back the \forall*
// of their postconditions. A barrier is, for the thread, a call with the barrier's
// contract; once per barrier the group-level obligation shows that what all
// threads hand in covers what all threads take out, with the functional part.
#include "vcgen/executor.h"
#include "vcgen/expr_encoder.h"
#include "vcgen/modifies.h"
#include "vcgen/vacuity.h"

#include <fmt/format.h>

#include <set>

namespace kprove::vcgen {

using namespace term;
using ir::ClauseKind;

namespace {
// A par block's context_everywhere is part of its pre- and postcondition; the front
// end also adds it to the loops and barriers of its body.
const auto kReq = {ClauseKind::Requires, ClauseKind::Context, ClauseKind::ContextEverywhere};

const auto kEns = {ClauseKind::Ensures, ClauseKind::Context, ClauseKind::ContextEverywhere};

// A permission atom on memory the barrier does not fence. Arrays of unknown space
// count as fenced in seed kernels (only kernel arrays have spaces there) and as
// unfenced in GPU kernels (no fence is known to cover them).
bool unfencedPerm(const Atom &a, const ThreadContext &tc, const ir::Stmt &barrier,
                  bool unknownFenced) {
  if (a.kind != Atom::Kind::Perm)
    return false;
  auto it = tc.spaces.find(a.arrayName);
  if (it == tc.spaces.end())
    return !unknownFenced;
  return it->second == ir::MemorySpace::Local ? !barrier.fences.local : !barrier.fences.global;
}
// Binds the threads of par block `s` as skolem constants over their ranges, for a
// \forall* of its clauses.
std::vector<QBinder> threadBinders(VcContext &vc, const ir::Stmt &s, State &x,
                                   const std::vector<std::pair<T, T>> &ranges,
                                   std::vector<std::pair<std::string, std::optional<T>>> &saved) {
  ExprEncoder e(vc, x);
  std::vector<ir::Binder> bs;
  for (const ir::ParIter &it : s.iters)
    bs.push_back({ir::Type::Int, it.name, s.range});
  std::vector<T> sk = e.bindSkolems(bs, saved);
  std::vector<QBinder> qs;
  for (size_t i = 0; i < sk.size(); ++i)
    qs.push_back({sk[i], ranges[i].first, ranges[i].second});
  return qs;
}
} // namespace

void Executor::execPar(const ir::Stmt &s, State &st) {
  // Inside a par block's thread (VerCors's nested par): that thread is the caller of
  // the inner block; its variables, the outer thread ids included, are shared by the
  // inner threads. A kernel's threads run in lock-step groups with barriers and
  // fences of their own: a par block there stays unsupported.
  if (thread_ && (thread_->gpu || thread_->seed)) {
    vc_.unsupported(s.range, "a parallel block inside a kernel");
    return;
  }
  ParRanges ranges;
  evalParRanges(s, st, ranges);
  checkParRegion(s, st, ranges);
  // The caller: gives away all threads' preconditions, gets all postconditions.
  const State start = st;
  exhaleParPre(s, st, start, ranges,
               {DiagCode::ParPre,
                DiagCode::ParPre,
                "the threads' preconditions when the block starts",
                {{s.range, "the parallel block starts here"}}});
  inhaleParPost(s, st, start, ranges);
  rememberKeptByPar(s, st);
}

namespace {
// The arrays of the permission atoms (Perm, PointsTo, perm) of a formula.
void permArrays(const ir::Expr &e, std::set<std::string> &out) {
  if ((e.kind == ir::ExprKind::Perm || e.kind == ir::ExprKind::PointsTo) && !e.args.empty() &&
      e.args[0] && e.args[0]->kind == ir::ExprKind::Index && !e.args[0]->args.empty() &&
      e.args[0]->args[0])
    if (const ir::Expr *root = ir::arrayRoot(*e.args[0]->args[0]))
      out.insert(root->name);
  for (const ir::ExprPtr &a : e.args)
    if (a)
      permArrays(*a, out);
}
} // namespace

// `par ... requires Perm(a[tid], write);` with nothing of `a` in an `ensures` or
// `context`: the block keeps the permissions (VerCors's meaning), which the
// caller may have meant to get back (`context`). Remembered for the notes of
// later failures about `a`; a block that gives some permission to `a` back
// clears it.
void Executor::rememberKeptByPar(const ir::Stmt &s, State &st) {
  std::set<std::string> back;
  for (const ir::Clause &c : s.clauses)
    if (c.expr && c.kind != ClauseKind::Requires)
      permArrays(*c.expr, back);
  for (const std::string &a : back)
    st.keptByPar.erase(a);
  for (const ir::Clause &c : s.clauses) {
    if (!c.expr || c.kind != ClauseKind::Requires)
      continue;
    std::set<std::string> given;
    permArrays(*c.expr, given);
    for (const std::string &a : given)
      if (!back.count(a))
        st.keptByPar[a] = c.range;
  }
}

void Executor::evalParRanges(const ir::Stmt &region, State &st, ParRanges &ranges) {
  if (region.kind != ir::StmtKind::Par) {
    for (const ir::StmtPtr &r : region.body)
      evalParRanges(*r, st, ranges);
    return;
  }
  ExprEncoder enc(vc_, st);
  auto &rs = ranges[&region];
  for (const ir::ParIter &it : region.iters)
    rs.emplace_back(enc.encode(*it.lo), enc.encode(*it.hi));
}

// VerCors checks every region on its own; a `sequential` region also checks that each
// region's postcondition (all its threads') gives the next region's precondition, from
// nothing else: the regions hand over exactly what their contracts say. A region
// after the first starts in a memory it knows only through its precondition (the
// one its predecessors left), and its \old is that memory, not the one where the
// `sequential` started.
void Executor::checkParRegion(const ir::Stmt &region, const State &st, const ParRanges &ranges) {
  if (region.kind == ir::StmtKind::Par) {
    verifyParBlock(region, st, ranges.at(&region));
    return;
  }
  if (region.kind != ir::StmtKind::Sequential) {
    for (const ir::StmtPtr &r : region.body)
      checkParRegion(*r, st, ranges);
    return;
  }
  State regionStart = st;
  for (size_t i = 0; i < region.body.size(); ++i) {
    checkParRegion(*region.body[i], regionStart, ranges);
    if (i + 1 == region.body.size())
      break;
    State next = st;
    next.heap = vc_.freshVar("heap", Sort::Heap);
    State handover = next;
    handover.mask = vc_.zeroMask(handover);
    inhaleParPost(*region.body[i], handover, regionStart, ranges);
    exhaleParPre(*region.body[i + 1], handover, next, ranges,
                 {DiagCode::ParPre,
                  DiagCode::ParPre,
                  "the next region's precondition (given only the previous region's "
                  "postcondition)",
                  {{region.body[i]->range, "the previous region"}}});
    regionStart = next;
  }
}

void Executor::exhaleParPre(const ir::Stmt &region, State &st, const State &startState,
                            const ParRanges &ranges, const ExhaleBlame &blame) {
  forEachRegionClause(
      region, st, startState, ranges, kReq, /*firstRegion=*/true,
      [&](const ir::Expr &pre, const ResourceOptions &o) { res_.exhale(pre, st, blame, o); });
}

void Executor::inhaleParPost(const ir::Stmt &region, State &st, const State &startState,
                             const ParRanges &ranges) {
  forEachRegionClause(
      region, st, startState, ranges, kEns, /*firstRegion=*/false,
      [&](const ir::Expr &post, const ResourceOptions &o) { res_.inhale(post, st, o); });
}

// \old in the clauses means the state when the region started.
void Executor::forEachRegionClause(
    const ir::Stmt &region, State &st, const State &startState, const ParRanges &ranges,
    std::initializer_list<ir::ClauseKind> kind, bool firstRegion,
    const std::function<void(const ir::Expr &, const ResourceOptions &)> &use) {
  if (region.kind == ir::StmtKind::Parallel) {
    for (const ir::StmtPtr &r : region.body)
      forEachRegionClause(*r, st, startState, ranges, kind, firstRegion, use);
    return;
  }
  if (region.kind == ir::StmtKind::Sequential) {
    if (region.body.empty())
      return;
    if (firstRegion || region.body.size() == 1) {
      forEachRegionClause(firstRegion ? *region.body.front() : *region.body.back(), st, startState,
                          ranges, kind, firstRegion, use);
      return;
    }
    // The last region's \old is the memory where it started, which the caller knows
    // nothing of (checkParRegion).
    State lastStart = startState;
    lastStart.heap = vc_.freshVar("heap", Sort::Heap);
    forEachRegionClause(*region.body.back(), st, lastStart, ranges, kind, firstRegion, use);
    return;
  }
  ir::ExprPtr clause = conjoin(clausesOf(region.clauses, kind));
  if (!clause)
    return;
  T oldHeap = st.oldHeap;
  auto oldVars = st.oldVars;
  st.oldHeap = startState.heap;
  st.oldVars = startState.vars;
  std::vector<std::pair<std::string, std::optional<T>>> saved;
  ResourceOptions o;
  o.outerBinders = threadBinders(vc_, region, st, ranges.at(&region), saved);
  use(*clause, o);
  ExprEncoder(vc_, st).restore(saved);
  st.oldHeap = oldHeap;
  st.oldVars = oldVars;
}

// One arbitrary thread of the par block `s`, from its precondition to its
// postcondition, in a copy of the caller's state `st` without its permissions.
void Executor::verifyParBlock(const ir::Stmt &s, const State &st,
                              const std::vector<std::pair<T, T>> &ranges) {
  ThreadContext tc;
  tc.name = s.name;
  for (const ir::ParIter &it : s.iters)
    tc.threadVars.push_back(it.name);
  tc.ranges = ranges;
  // Everything in scope outside the block is uniform: threads cannot assign it.
  std::set<std::string> uniform;
  for (const auto &[n, v] : st.vars)
    uniform.insert(n);
  for (const auto &[b, var] : modifiesOf(s.body).assignments)
    if (uniform.count(var))
      vc_.unsupported(b->range, fmt::format("a thread assigning '{}', a variable of the "
                                            "enclosing method",
                                            ir::sourceName(var)));
  analyseDivergence(tc, s.body, uniform, vc_.heapFunctions);
  tc.sharedSymbols = freeSymbolsOf(st);

  ir::ExprPtr pre = conjoin(clausesOf(s.clauses, kReq));
  ir::ExprPtr post = conjoin(clausesOf(s.clauses, kEns));

  // The threads' preconditions must be satisfiable for one thread and for two
  // distinct threads unless they force a block of one thread (vcgen/vacuity.h).
  // Pure atoms only: the caller's exhale of the \forall* of the preconditions
  // (par.pre) covers the permissions of every thread there is.
  int preCheck = -1;
  if (std::vector<const ir::Expr *> clauses = clausesOf(s.clauses, kReq); !clauses.empty()) {
    ThreadSet ts;
    ts.ids = tc.threadVars;
    ts.bindAll = [&](State &x) {
      std::vector<QBinder> out;
      for (size_t i = 0; i < tc.threadVars.size(); ++i) {
        T id = vc_.freshVar(tc.threadVars[i], Sort::Int);
        x.vars[tc.threadVars[i]] = id;
        out.push_back({id, tc.ranges[i].first, tc.ranges[i].second, true});
      }
      return out;
    };
    ts.single = [&](const State &) {
      T one = tru();
      for (const auto &[lo, hi] : tc.ranges)
        one = land(one, eq(sub(hi, lo), intConst(1)));
      return one;
    };
    preCheck = checkPreconditions(vc_, st, clauses, &ts, false, s.range,
                                  s.name.empty() ? std::string("the parallel block")
                                                 : fmt::format("parallel block '{}'", s.name));
  }

  VacuityScope scope(vc_, preCheck);
  State t = st;
  t.mask = vc_.zeroMask(t);
  for (size_t i = 0; i < tc.threadVars.size(); ++i) {
    T id = vc_.freshVar(tc.threadVars[i], Sort::Int);
    t.vars[tc.threadVars[i]] = id;
    t.assume(land(le(tc.ranges[i].first, id), lt(id, tc.ranges[i].second)));
  }
  t.oldHeap = t.heap;
  t.oldVars = t.vars;
  verifyThread(vc_, tc, t, pre, post, s.body,
               {DiagCode::ParPost, DiagCode::ParPost, "the parallel block's postcondition", {}});
}

void Executor::execBarrier(const ir::Stmt &s, State &st) {
  if (!thread_) {
    vc_.typeError(s.range, "a barrier outside a parallel block or kernel");
    return;
  }
  ir::ExprPtr pre = conjoin(clausesOf(s.clauses, kReq));
  ir::ExprPtr post = conjoin(clausesOf(s.clauses, kEns));
  ResourceOptions framing;
  framing.reads = ReadCheck::Framing;
  std::vector<DiagNote> at{{s.range, "at this barrier"}};

  // Both clauses frame themselves (the precondition, from nothing).
  if (pre && !thread_->seed)
    res_.checkSelfFraming(*pre, st);
  if (thread_->gpu)
    checkFences(s, st);
  if (pre)
    res_.exhale(*pre, st,
                {DiagCode::BarrierPre, DiagCode::BarrierPre, "the barrier's precondition", at}, {},
                /*commit=*/!thread_->seed);
  if (thread_->gpu)
    interfere(st);

  if (thread_->seed && post) {
    // Permissions may only move within memory the barrier fences.
    ResourceOptions o;
    o.filter = [&](const Atom &a) { return unfencedPerm(a, *thread_, s, true); };
    res_.exhale(*post, st,
                {DiagCode::BarrierFence, DiagCode::BarrierFence,
                 "this barrier, which does not fence that memory and so cannot "
                 "hand out permissions on it that the thread did not hold",
                 at},
                o, /*commit=*/false);
  }

  groupCheck(s, st);

  if (thread_->seed) {
    // A seed barrier takes all current resources (R_cur) and hands out B_res.
    st.mask = vc_.zeroMask(st);
    st.heap = vc_.freshVar("heap", Sort::Heap);
  }
  if (post) {
    if (!thread_->seed) {
      res_.checkSelfFraming(*post, st);
      res_.inhale(*post, st);
    } else {
      res_.inhale(*post, st, framing); // the mask is empty: this checks framing as well
    }
  }
}

// GPU barriers: permissions on memory the barrier does not fence may only come back
// to the thread that handed them in (seed §5.1.2; VerCors skips this for static
// shared memory, kprove does not).
void Executor::checkFences(const ir::Stmt &s, State &st) {
  ir::ExprPtr pre = conjoin(clausesOf(s.clauses, kReq));
  ir::ExprPtr post = conjoin(clausesOf(s.clauses, kEns));
  if (!post)
    return;
  State own = st;
  own.mask = vc_.zeroMask(own);
  if (pre)
    res_.inhale(*pre, own);
  ResourceOptions o;
  o.filter = [&](const Atom &a) { return unfencedPerm(a, *thread_, s, false); };
  res_.exhale(*post, own,
              {DiagCode::BarrierFence,
               DiagCode::BarrierFence,
               "this barrier, which does not fence that memory and so cannot hand out "
               "permissions on it that the thread did not hand in",
               {{s.range, "at this barrier"}}},
              o, /*commit=*/false);
}

// VerCors's barrier body and tags: while every thread waits at the barrier, the body
// runs once with what all threads handed in and the invariants the tags suspend
// (no thread is inside an atomic block: the type checker keeps barriers out of them
// and tags out of `parallel` regions), which it must re-establish (inv.preserve).
void Executor::runBarrierBody(const ir::Stmt &s, State &g) {
  for (const ir::ExprPtr &inv : s.args)
    res_.inhale(*inv, g);
  exec(s.body, g);
  if (g.dead)
    return;
  for (auto inv = s.args.rbegin(); inv != s.args.rend(); ++inv) {
    ExhaleBlame blame{DiagCode::InvPreserve,
                      DiagCode::InvPreserve,
                      "a suspended invariant when the barrier ends",
                      {{s.range, "at this barrier"}}};
    ResourceOptions reads;
    reads.reads = ReadCheck::Permission;
    res_.exhale(**inv, g, blame, reads);
  }
}

void Executor::groupCheck(const ir::Stmt &s, State &st) {
  ir::ExprPtr pre = conjoin(clausesOf(s.clauses, kReq));
  ir::ExprPtr post = conjoin(clausesOf(s.clauses, kEns));
  if (!post && s.args.empty() && s.body.empty())
    return; // nothing is handed out: nothing to redistribute or establish
  const ThreadContext &tc = *thread_;

  // The group's view: one heap, every thread's private variables as functions of
  // its id, except the lock-step-safe ones, which all threads share.
  State g = st;
  g.heap = vc_.freshVar("heap", Sort::Heap);
  g.mask = vc_.zeroMask(g);
  ExprEncoder enc(vc_, g);
  // The work group's own id (GPU kernels) stays that of this thread.
  std::vector<ir::Binder> bs;
  for (size_t i = tc.fixedVars; i < tc.threadVars.size(); ++i)
    bs.push_back({ir::Type::Int, tc.threadVars[i], s.range});
  std::vector<std::pair<std::string, std::optional<T>>> saved;
  std::vector<T> ids = enc.bindSkolems(bs, saved);
  std::vector<QBinder> threads;
  for (size_t i = 0; i < ids.size(); ++i)
    threads.push_back(
        {ids[i], tc.ranges[tc.fixedVars + i].first, tc.ranges[tc.fixedVars + i].second});
  std::string tag = vc_.fresh("bar");
  for (auto &[name, value] : g.vars) {
    bool isThread =
        std::find(tc.threadVars.begin(), tc.threadVars.end(), name) != tc.threadVars.end();
    bool isAlias = std::find(tc.aliases.begin(), tc.aliases.end(), name) != tc.aliases.end();
    if (isAlias)
      value = ids[0];
    else if (!isThread && !tc.uniform.count(name) && value->sort != Sort::Heap)
      value = app(name + "$" + tag, value->sort, ids);
  }
  std::vector<DiagNote> at{{s.range, "at this barrier"}};

  if (tc.seed && tc.inhaleGroupResources)
    tc.inhaleGroupResources(g);
  if (pre) {
    ResourceOptions o;
    o.outerBinders = threads;
    if (tc.seed) {
      // Other threads' facts about memory the barrier does not fence are not visible.
      o.filter = [&](const Atom &a) {
        if (a.kind != Atom::Kind::Pure)
          return !tc.seed;
        for (const std::string &arr : a.arraysRead) {
          auto it = tc.spaces.find(arr);
          if (it != tc.spaces.end() &&
              (it->second == ir::MemorySpace::Local ? !s.fences.local : !s.fences.global))
            return false;
        }
        return true;
      };
    }
    res_.inhale(*pre, g, o);
  }
  runBarrierBody(s, g);
  if (!post)
    return;
  ResourceOptions o;
  o.outerBinders = threads;
  if (tc.seed) {
    // The thread itself keeps its own facts; check its postcondition for itself.
    State own = g;
    own.vars = st.vars;
    if (pre) {
      ResourceOptions p;
      p.filter = [](const Atom &a) { return a.kind == Atom::Kind::Pure; };
      res_.inhale(*pre, own, p);
    }
    o.filter = [](const Atom &a) { return a.kind == Atom::Kind::Perm; };
    res_.exhale(*post, g,
                {DiagCode::BarrierRedistribute, DiagCode::BarrierPost,
                 "the permissions the barrier hands out (more than the group holds)", at},
                o, false);
    ResourceOptions p;
    p.filter = [](const Atom &a) { return a.kind == Atom::Kind::Pure; };
    res_.exhale(*post, own,
                {DiagCode::BarrierRedistribute, DiagCode::BarrierPost,
                 "the barrier's postcondition (from the fenced preconditions of all "
                 "threads)",
                 at},
                p, false);
    return;
  }
  res_.exhale(*post, g,
              {DiagCode::BarrierRedistribute, DiagCode::BarrierPost,
               "the barrier's postcondition (given all threads' preconditions)", at},
              o, false);
}

} // namespace kprove::vcgen
