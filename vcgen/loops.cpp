// Loops cut by their invariants, as Silicon verifies them, extended with break and
// continue (C front end): an iteration runs from a state holding only the
// invariant; a continue must re-establish it (loop.preserve at the continue); a
// break leaves with the state it has, the invariant not required. The state after
// the loop is one of: the invariant with the negated condition, or the state of a
// break, each with the frame the loop did not touch.
#include "vcgen/executor.h"

#include "vcgen/expr_encoder.h"
#include "vcgen/int_model.h"
#include "vcgen/modifies.h"
#include "vcgen/two_thread.h"
#include "vcgen/vacuity.h"

#include <fmt/format.h>

namespace kprove::vcgen {

using namespace term;
using ir::ClauseKind;

void Executor::execJump(const ir::Stmt &s, State &st) {
  bool isBreak = s.kind == ir::StmtKind::Break;
  ir::Catches want = isBreak ? ir::Catches::Break : ir::Catches::Continue;
  for (auto it = targets_.rbegin(); it != targets_.rend(); ++it) {
    JumpTarget &t = **it;
    if (!t.loop && t.catches != want)
      continue;
    if (isBreak)
      t.breaks.push_back(st);
    else
      t.continues.emplace_back(st, s.range);
    st.dead = true;
    return;
  }
  vc_.unsupported(s.range, isBreak ? "unsupported: 'break' outside a loop or switch"
                                   : "unsupported: 'continue' outside a loop");
  st.dead = true;
}

void Executor::execCatching(const ir::Stmt &s, State &st) {
  JumpTarget target;
  target.catches = s.catches;
  State entry = st;
  targets_.push_back(&target);
  exec(s.body, st);
  targets_.pop_back();
  if (target.breaks.empty() && target.continues.empty())
    return;
  std::vector<State> exits;
  exits.push_back(std::move(st));
  for (State &b : target.breaks)
    exits.push_back(std::move(b));
  for (auto &[c, where] : target.continues)
    exits.push_back(std::move(c));
  join(entry, exits);
  st = std::move(entry);
}

void Executor::join(State &st, std::vector<State> &exits) {
  std::vector<State *> live;
  for (State &e : exits)
    if (!e.dead)
      live.push_back(&e);
  auto inScope = [&](State &x) {
    for (auto it = x.vars.begin(); it != x.vars.end();)
      it = st.vars.count(it->first) ? std::next(it) : x.vars.erase(it);
  };
  if (live.empty()) {
    st.dead = true;
    return;
  }
  if (live.size() == 1) {
    inScope(*live[0]);
    st = *live[0];
    return;
  }
  // A fresh choice of exit: the joined state is exactly the disjunction of the
  // exits (each exit's facts hold under its choice).
  int n = static_cast<int>(live.size());
  T choice = vc_.freshVar("exit", Sort::Int);
  st.assume(land(le(intConst(0), choice), lt(choice, intConst(n))));
  for (int i = 0; i < n; ++i)
    st.assume(implies(eq(choice, intConst(i)), land(live[i]->factsSince(st.pc))));
  auto pick = [&](auto field) {
    T v = field(*live[n - 1]);
    for (int i = n - 2; i >= 0; --i)
      v = ite(eq(choice, intConst(i)), field(*live[i]), v);
    return v;
  };
  for (auto &[name, value] : st.vars)
    value = pick([&](const State &x) { return x.vars.at(name); });
  st.heap = pick([](const State &x) { return x.heap; });
  st.mask = vc_.nameMask(st, pick([](const State &x) { return x.mask; }));
  st.dead = false;
}

// The iteration held only the invariant's resources: the frame kept the rest. The
// mask is their sum; a cell takes the iteration's value where it holds some
// permission (its most recent view) and the frame's where only the frame holds it.
State Executor::withFrame(const State &frame, const State &broke, const PathList &entry) {
  State out = frame;
  for (const T &f : broke.factsSince(entry))
    out.assume(f);
  out.vars = broke.vars;
  T r = var("r$", Sort::Ref), i = var("i$", Sort::Int);
  std::vector<BoundVar> cell = {{"r$", Sort::Ref}, {"i$", Sort::Int}};
  T zero = realConst(0, 1);
  T inFrame = select(frame.mask, r, i), inIteration = select(broke.mask, r, i);
  T mask = vc_.freshVar("mask", Sort::Mask);
  T maskSel = select(mask, r, i);
  out.assume(forall(cell, eq(maskSel, add(inFrame, inIteration)), {{maskSel}}));
  T heap = vc_.freshVar("heap", Sort::Heap);
  T heapSel = select(heap, r, i);
  out.assume(forall(cell,
                    land(implies(lt(zero, inIteration), eq(heapSel, select(broke.heap, r, i))),
                         implies(land(eq(inIteration, zero), lt(zero, inFrame)),
                                 eq(heapSel, select(frame.heap, r, i)))),
                    {{heapSel}}));
  out.mask = mask;
  out.heap = heap;
  return out;
}

void Executor::execWhile(const ir::Stmt &s, State &st) {
  // The method's context_everywhere first (as VerCors): the loop's own invariants
  // may read what it frames.
  std::vector<const ir::Expr *> invs;
  if (method_)
    invs = clausesOf(method_->contract, {ClauseKind::ContextEverywhere});
  else if (thread_)
    invs = thread_->everywhere;
  // Candidate invariants (vcgen/invariant_inference.h) are pure and checked one by
  // one, each check tagged with its number, apart from the user's invariant.
  std::vector<const ir::Clause *> candidates;
  for (const ir::Clause &c : s.clauses) {
    if (c.kind != ClauseKind::LoopInvariant)
      continue;
    if (c.candidate >= 0)
      candidates.push_back(&c);
    else
      invs.push_back(c.expr.get());
  }
  ir::ExprPtr inv = conjoin(invs);
  auto checkCandidates = [&](State &x, DiagCode code, const char *when) {
    for (const ir::Clause *c : candidates) {
      int saved = vc_.currentCandidate;
      vc_.currentCandidate = c->candidate;
      ExprEncoder enc(vc_, x);
      T v = enc.encode(*c->expr);
      vc_.check(x, {}, v, code, s.range,
                fmt::format("the inferred loop invariant '{}' {} may not hold",
                            ir::toString(*c->expr), when));
      vc_.currentCandidate = saved;
      x.assume(v);
    }
  };
  auto assumeCandidates = [&](State &x) {
    for (const ir::Clause *c : candidates) {
      ExprEncoder enc(vc_, x);
      enc.reads = ReadCheck::None;
      x.assume(enc.encode(*c->expr));
    }
  };
  const std::set<std::string> modified = modifiesOf(s.body).vars;
  bool followed = vc_.followedByCode; // code after the loop (checked for reachability)

  checkUniform(*s.cond, st); // threads agree on entering the loop
  // Entry: the invariant holds; what it does not cover stays with the frame.
  State after = st;
  checkCandidates(after, DiagCode::LoopEntry, "on entry");
  if (inv) {
    PairPointScope head(vc_, &s); // two-thread invariants: claims at the loop's head
    res_.exhale(*inv, after,
                {DiagCode::LoopEntry,
                 DiagCode::LoopEntry,
                 "the loop invariant on entry",
                 {{s.range, "on entry to this loop"}}});
  }
  const State frame = after;
  auto havocModified = [&](State &x) {
    for (const std::string &n : modified)
      if (x.vars.count(n)) {
        x.vars[n] = vc_.freshVar(n, x.vars[n]->sort);
        // A C variable holds a value of its type whatever the loop did.
        if (auto t = vc_.intTypes.find(n); t != vc_.intTypes.end() && vc_.bounded(t->second))
          x.assume(inRange(x.vars[n], t->second));
      }
  };

  // One arbitrary iteration, from a state holding only the invariant.
  State body = st;
  havocModified(body);
  body.heap = vc_.freshVar("heap", Sort::Heap);
  body.mask = vc_.zeroMask(body);
  assumeCandidates(body); // pure facts about variables: the invariant may need them
  if (inv) {
    ResourceOptions o;
    o.reads = ReadCheck::Framing;
    o.keepPairClaims = true; // this iteration's head (vcgen/two_thread.h)
    res_.inhale(*inv, body, o);
  }
  {
    ExprEncoder enc(vc_, body);
    body.assume(enc.encode(*s.cond));
  }
  JumpTarget target;
  target.loop = true;
  targets_.push_back(&target);
  exec(s.body, body);
  targets_.pop_back();
  // The end of the iteration and each continue: the next test of the condition.
  auto nextIteration = [&](State &x, std::optional<SourceRange> site) {
    if (x.dead)
      return;
    checkUniform(*s.cond, x); // threads agree on running one more iteration
    checkCandidates(x, DiagCode::LoopPreserve, site ? "at this continue" : "after an iteration");
    if (!inv)
      return;
    ExhaleBlame blame{DiagCode::LoopPreserve,
                      DiagCode::LoopPreserve,
                      site ? "the loop invariant at this continue"
                           : "the loop invariant after an iteration",
                      {{s.range, "after an iteration of this loop"}}};
    blame.site = site;
    PairPointScope head(vc_, &s);
    res_.exhale(*inv, x, blame);
  };
  nextIteration(body, std::nullopt);
  for (auto &[c, where] : target.continues)
    nextIteration(c, where);

  // After the loop: the frame, the invariant, and the negated condition. The frame
  // keeps the values of the cells it holds; atomics (this thread's in the body, or
  // other threads' meanwhile) change cells held only in part, so those are
  // forgotten.
  bool atomics = thread_ && thread_->gpu && !vc_.atomicArrays.empty();
  havocModified(after);
  if (atomics)
    res_.havocShared(after, vc_.atomicRefs());
  assumeCandidates(after);
  if (inv)
    res_.inhale(*inv, after);
  ExprEncoder enc(vc_, after);
  enc.reads = ReadCheck::None;
  after.assume(lnot(enc.encode(*s.cond)));
  if (target.breaks.empty()) {
    st = after;
  } else {
    // Or one of the breaks, with the frame (the invariant need not hold there).
    std::vector<State> exits;
    exits.push_back(std::move(after));
    for (State &b : target.breaks) {
      if (b.dead)
        continue;
      State out = withFrame(frame, b, st.pc);
      if (atomics)
        res_.havocShared(out, vc_.atomicRefs());
      exits.push_back(std::move(out));
    }
    State joined = frame;
    join(joined, exits);
    st = std::move(joined);
  }
  if (followed)
    vc_.vacuityScope = loopExitReachable(vc_, st, s);
}

} // namespace kprove::vcgen
