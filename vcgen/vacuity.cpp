#include "vcgen/vacuity.h"

#include "vcgen/resources.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

namespace kprove::vcgen {

using namespace term;

namespace {

// The names of the uninterpreted functions `t` applies.
void functionsIn(const T &t, std::set<std::string> &out, std::set<const term::Term *> &seen) {
  if (!seen.insert(t.get()).second)
    return;
  if (t->op == Op::App)
    out.insert(t->name);
  for (const T &a : t->args)
    functionsIn(a, out, seen);
  for (const std::vector<T> &p : t->patterns)
    for (const T &x : p)
      functionsIn(x, out, seen);
}

// "The facts of `st` (and the axioms) entail `goal`": with goal false, proved
// means the facts are contradictory. The definitions (the C integer model's
// `tdiv`, `bitand`, ...; pure functions' bodies and frame axioms; `\sum`) only
// where their functions occur: each defines functions nothing else constrains,
// and is satisfiable for any values of the constants it shares (the functions as
// defined: pure functions terminate, an obligation), so leaving out those whose
// functions do not occur keeps a model a model, and the solver, which never
// confirms a model with quantified definitions over heaps, can confirm one.
prover::Query queryOf(const VcContext &vc, const State &st, T goal = fls()) {
  std::vector<T> facts = st.allFacts();
  std::set<std::string> used;
  std::set<const term::Term *> seen;
  for (const T &f : facts)
    functionsIn(f, used, seen);
  functionsIn(goal, used, seen);
  std::vector<const VcContext::Axiom *> axioms;
  for (const VcContext::Axiom &a : vc.axioms)
    if (a.owner != vc.excludedOwner)
      axioms.push_back(&a);
  // The builtin facts (`0 < read < 1`) count as used; definitions join when one of
  // their functions is used (a fixpoint: bitor's definition uses bitand).
  std::vector<std::set<std::string>> defines(axioms.size());
  std::vector<bool> taken(axioms.size());
  for (size_t k = 0; k < axioms.size(); ++k) {
    std::set<const term::Term *> own;
    functionsIn(axioms[k]->fact, defines[k], own);
    if ((taken[k] = axioms[k]->owner == "$builtin"))
      used.insert(defines[k].begin(), defines[k].end());
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t k = 0; k < axioms.size(); ++k)
      if (!taken[k] && std::any_of(defines[k].begin(), defines[k].end(),
                                   [&](const std::string &f) { return used.count(f) > 0; })) {
        taken[k] = grew = true;
        used.insert(defines[k].begin(), defines[k].end());
      }
  }
  prover::Query q;
  for (size_t k = 0; k < axioms.size(); ++k)
    if (taken[k])
      q.assumptions.push_back(axioms[k]->fact);
  for (T &f : facts)
    q.assumptions.push_back(std::move(f));
  q.goal = std::move(goal);
  return q;
}

// Inhales `clause` into `st` with no obligations recorded (vc.quiet).
void inhaleQuietly(VcContext &vc, State &st, const ir::Expr &clause, const ResourceOptions &o) {
  ResourceEngine res(vc);
  bool saved = vc.quiet;
  vc.quiet = true;
  res.inhale(clause, st, o);
  vc.quiet = saved;
}

// Assumes one clause in `st` as the real run does, without obligations.
void assumeClause(VcContext &vc, State &st, const ir::Expr &clause, bool withPermissions) {
  ResourceOptions o;
  o.reads = ReadCheck::None;
  if (!withPermissions) {
    o.filter = [](const Atom &a) { return a.kind == Atom::Kind::Pure; };
    o.assumeBounded = false;
  }
  inhaleQuietly(vc, st, clause, o);
}

// A candidate model of a precondition with permissions is not evidence: a
// contradiction between quantified permissions (two \forall* claiming one cell)
// is only found through a chain of quantifier instances. What makes it evidence
// is the kernels' argument (docs/soundness.md, "Vacuity"): the pure atoms are
// satisfiable, and under them no location is claimed more than once in full.
// Both are asked with the arrays distinct, the layout a caller that can meet
// the precondition has when nothing forces two arrays equal.
void addConsistencyQueries(VcContext &vc, const State &start,
                           const std::vector<const ir::Expr *> &clauses, VacuityCheck &check,
                           bool distinctLayout) {
  State distinct = start;
  std::vector<T> arrays;
  for (const auto &[name, v] : distinct.vars)
    if (v->sort == Sort::Ref)
      arrays.push_back(v);
  // Rows of 2-D arrays (row(m, i), docs/soundness.md "2-D arrays") too: distinct
  // from every array in scope and from the rows of every other array. Every array
  // is taken as a possible matrix; the facts only fire on rows that occur.
  T i = var("i$row", Sort::Int), j = var("j$row", Sort::Int);
  for (size_t a = 0; distinctLayout && a < arrays.size(); ++a) {
    T row = rowOf(arrays[a], i);
    // Not rows pairwise distinct (`\matrix` says so where it matters): that would
    // force infinitely many references, and the solver never confirms a model.
    std::vector<T> apart;
    for (const T &other : arrays)
      apart.push_back(neq(row, other));
    distinct.assume(forall({{"i$row", Sort::Int}}, land(apart), {{row}}));
    for (size_t b = a + 1; b < arrays.size(); ++b) {
      distinct.assume(neq(arrays[a], arrays[b]));
      T other = rowOf(arrays[b], j);
      distinct.assume(
          forall({{"i$row", Sort::Int}, {"j$row", Sort::Int}}, neq(row, other), {{row, other}}));
    }
  }
  State pure = distinct;
  for (const ir::Expr *c : clauses)
    assumeClause(vc, pure, *c, false);
  (distinctLayout ? check.pureWhole : check.pureAliased) = queryOf(vc, pure);
  State claimed = distinct;
  ResourceOptions o;
  o.reads = ReadCheck::None;
  o.assumeBounded = false;
  for (const ir::Expr *c : clauses)
    inhaleQuietly(vc, claimed, *c, o);
  T ref = vc.freshVar("ref", Sort::Ref), idx = vc.freshVar("idx", Sort::Int);
  (distinctLayout ? check.consistent : check.consistentAliased) =
      queryOf(vc, claimed, le(select(claimed.mask, ref, idx), realConst(1, 1)));
}

// Fills `check`'s queries: before each clause (prefixes), each clause alone from
// `st` (alone), and all of them (whole); `assume` adds one clause to a state.
// Returns the state with every clause assumed.
State addClauseQueries(const VcContext &vc, State st, const std::vector<const ir::Expr *> &clauses,
                       const std::function<void(State &, const ir::Expr &)> &assume,
                       VacuityCheck &check) {
  const State start = st;
  for (const ir::Expr *c : clauses) {
    check.prefixes.push_back(queryOf(vc, st));
    assume(st, *c);
    State alone = start;
    assume(alone, *c);
    check.alone.push_back(queryOf(vc, alone));
  }
  check.whole = queryOf(vc, st);
  return st;
}

// One arbitrary thread of `threads`, bound in `st`.
void bindOneThread(const ThreadSet &threads, State &st) {
  if (threads.bindOne) {
    threads.bindOne(st);
    return;
  }
  for (const QBinder &b : threads.bindAll(st))
    st.assume(land(le(*b.lo, b.skolem), lt(b.skolem, *b.hi)));
}

} // namespace

int checkPreconditions(VcContext &vc, const State &base,
                       const std::vector<const ir::Expr *> &clauses, const ThreadSet *threads,
                       bool withPermissions, SourceRange where, const std::string &what,
                       const PreconditionRoot *root) {
  VcContext::SeparateNames names(vc);
  std::vector<SourceRange> ranges;
  for (const ir::Expr *c : clauses)
    ranges.push_back(c->range);

  auto preconditionCheck = [&](int parent, std::string message, std::string subject) {
    VacuityCheck c;
    c.kind = VacuityCheck::Kind::Precondition;
    c.parBlock = root == nullptr;
    c.range = where;
    c.clauseRanges = ranges;
    c.parent = parent;
    c.message = std::move(message);
    c.subject = std::move(subject);
    return c;
  };

  // One thread.
  VacuityCheck one = preconditionCheck(
      vc.vacuityScope,
      fmt::format("the precondition of {} is unsatisfiable{}: every obligation about "
                  "it would hold vacuously",
                  what, threads ? " for any thread of any launch" : ""),
      fmt::format("the precondition of {}{}", what, threads ? " for one thread" : ""));
  State start = base;
  if (threads)
    bindOneThread(*threads, start);
  const State st = addClauseQueries(
      vc, start, clauses,
      [&](State &x, const ir::Expr &c) { assumeClause(vc, x, c, withPermissions); }, one);
  if (withPermissions) {
    addConsistencyQueries(vc, start, clauses, one, true);
    addConsistencyQueries(vc, start, clauses, one, false);
    for (const auto &[name, v] : start.vars)
      if (v->op == Op::Var && (v->sort == Sort::Int || v->sort == Sort::Bool))
        one.pinnable.push_back(v);
    one.whole.witness = one.pinnable;
  }
  if (root) {
    one.kernel = root->kernel;
    one.method = root->method;
    one.replayInputs = vc.replayInputsOf(st, {});
    for (const ReplayInput &in : one.replayInputs)
      one.whole.witness.push_back(in.value);
  }
  int oneId = static_cast<int>(vc.vacuityChecks.size());
  vc.vacuityChecks.push_back(std::move(one));
  if (!threads)
    return oneId;

  // Two distinct threads of one launch, unless the precondition forces one thread.
  VacuityCheck two = preconditionCheck(
      oneId,
      fmt::format("no two distinct threads of one launch satisfy the precondition of "
                  "{}, and it does not force a launch of one thread: every "
                  "obligation would hold vacuously for any launch of two or more "
                  "threads",
                  what),
      fmt::format("the precondition of {} for two distinct threads of one launch", what));
  two.oneThreadOnly = queryOf(vc, st, threads->single(st));
  State pair = base;
  bindOneThread(*threads, pair);
  auto varsA = pair.vars;
  bindOneThread(*threads, pair);
  auto varsB = pair.vars;
  T differ = fls();
  for (const std::string &n : threads->ids)
    differ = lor(differ, neq(varsA.at(n), varsB.at(n)));
  pair.assume(differ);
  auto assumeForBoth = [&](State &x, const ir::Expr &c) {
    x.vars = varsA;
    assumeClause(vc, x, c, withPermissions);
    x.vars = varsB;
    assumeClause(vc, x, c, withPermissions);
  };
  const State startPair = pair;
  addClauseQueries(vc, pair, clauses, assumeForBoth, two);
  std::optional<prover::Query> oneThreadOnly = two.oneThreadOnly;
  int twoId = static_cast<int>(vc.vacuityChecks.size());
  vc.vacuityChecks.push_back(std::move(two));
  vc.vacuityChecks[oneId].siblings.push_back(twoId);

  // Every thread of a launch of two or more threads (two distinct ones exist).
  // Checked after the two-thread check: the pure atoms hold for all threads at
  // once, quantified over the thread variables.
  VacuityCheck all = preconditionCheck(
      twoId,
      fmt::format("no launch of two or more threads satisfies the precondition of {} "
                  "in all its threads at once (the preconditions of some threads "
                  "contradict those of others), and it does not force a launch of one "
                  "thread: every obligation would hold vacuously for any launch of two "
                  "or more threads",
                  what),
      fmt::format("the precondition of {} for all threads of a launch of two or more", what));
  all.oneThreadOnly = std::move(oneThreadOnly);
  State every = startPair;
  ResourceOptions o;
  o.reads = ReadCheck::None;
  o.filter = [](const Atom &a) { return a.kind == Atom::Kind::Pure; };
  o.assumeBounded = false;
  o.outerBinders = threads->bindAll(every);
  auto assumeForAll = [&](State &x, const ir::Expr &c) { inhaleQuietly(vc, x, c, o); };
  const State everyOne = addClauseQueries(vc, every, clauses, assumeForAll, all);
  vc.vacuityChecks[oneId].everyThread = everyOne.factsSince(every.pc);
  vc.vacuityChecks[oneId].siblings.push_back(static_cast<int>(vc.vacuityChecks.size()));
  vc.vacuityChecks.push_back(std::move(all));
  return oneId;
}

int checkReachable(VcContext &vc, const State &st, SourceRange where, std::string message,
                   std::vector<DiagNote> notes) {
  if (st.dead)
    return -1;
  VacuityCheck c;
  c.kind = VacuityCheck::Kind::Unreachable;
  c.whole = queryOf(vc, st);
  c.parent = vc.vacuityScope;
  c.range = where;
  c.message = std::move(message);
  c.notes = std::move(notes);
  vc.vacuityChecks.push_back(std::move(c));
  return static_cast<int>(vc.vacuityChecks.size()) - 1;
}

void checkPathEnd(VcContext &vc, const State &st, SourceRange where) {
  if (st.dead || vc.vacuityScope < 0)
    return;
  VacuityCheck c;
  c.kind = VacuityCheck::Kind::PathEnd;
  c.whole = queryOf(vc, st);
  // Under a launch or par block: every thread's precondition too (the code of one
  // thread may refute another's: `lid == 1 ==> h(k) != k` with h(k) == k proved).
  for (int p = vc.vacuityScope; p >= 0; p = vc.vacuityChecks[p].parent)
    if (vc.vacuityChecks[p].kind == VacuityCheck::Kind::Precondition) {
      for (const T &f : vc.vacuityChecks[p].everyThread)
        c.whole.assumptions.push_back(f);
      break;
    }
  c.parent = vc.vacuityScope;
  c.range = where;
  vc.vacuityChecks.push_back(std::move(c));
}

int branchReachable(VcContext &vc, const State &st, const std::vector<ir::StmtPtr> &branch,
                    const ir::Expr &cond) {
  if (branch.empty())
    return -1;
  return checkReachable(vc, st, branch.front()->range,
                        "unreachable code: the path condition of this branch is contradictory "
                        "(it is never executed, so nothing about it was checked)",
                        {{cond.range, "the branch of this condition"}});
}

int loopExitReachable(VcContext &vc, const State &st, const ir::Stmt &loop) {
  int id = checkReachable(vc, st, loop.range,
                          "unreachable code after this loop: its invariant and the negated "
                          "loop condition contradict each other (the loop never exits, so "
                          "nothing after it was checked)");
  return id >= 0 ? id : vc.vacuityScope;
}

} // namespace kprove::vcgen
