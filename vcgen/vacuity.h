// Vacuity: a proof is only worth something when the assumptions it rests on are
// consistent. These functions record satisfiability checks (VacuityCheck, goal
// `false`) that the driver proves alongside the obligations:
//  - a precondition, with the launch facts, for one thread, and for two distinct
//    threads of one launch unless the precondition forces a launch of one thread
//    (error `vacuous` when unsatisfiability is proved, unknown when undecided);
//  - a branch or the code after a loop whose path condition is contradictory
//    (warning `unreachable`).
// docs/soundness.md ("Vacuity") explains the design and why it is sound.
#pragma once

#include "logic/ir.h"
#include "vcgen/resources.h"
#include "vcgen/state.h"
#include "vcgen/vc_context.h"

#include <functional>
#include <string>
#include <vector>

namespace kprove::vcgen {

// The threads of one launch (kernel or parallel block).
struct ThreadSet {
  // Binds the thread variables of one arbitrary thread to fresh constants within
  // their ranges (aliases included). Unset: bindAll's binders, within their ranges.
  std::function<void(State &)> bindOne;
  // The bound names that identify a thread: two threads differ in one of them.
  std::vector<std::string> ids;
  // "The launch has exactly one thread", over the state's variables.
  std::function<term::T(const State &)> single;
  // Required. Binds the thread variables to skolems and returns them as binders
  // over their ranges: every thread of the launch (ResourceOptions::outerBinders).
  std::function<std::vector<QBinder>(State &)> bindAll;
};

// Records the checks that the precondition `clauses` (in source order) hold
// together with the facts of `base`: for one thread and, when `threads` is given,
// for two distinct threads, and for every thread of a launch of two or more
// threads (a contradiction between some threads' preconditions, `x == tid % 2`
// for a uniform `x`, that two well-chosen threads escape). Without
// `withPermissions` only the pure atoms take part (permission atoms are
// satisfiable once the resource consistency checks pass); with it, the queries
// that make a candidate model evidence are added (VacuityCheck::consistent).
// Returns the index of the one-thread check (the scope of the code).
//
// A kernel's or method's precondition (`root`, which names it) is what a verdict is
// about: its check also records the inputs of a concrete evaluation, and a
// candidate model counts only when confirmed (the driver's requireEvidence). A par
// block's (root null) is established by the code around it (obligation par.pre).
struct PreconditionRoot {
  std::string kernel, method; // one of them
};
int checkPreconditions(VcContext &vc, const State &base,
                       const std::vector<const ir::Expr *> &clauses, const ThreadSet *threads,
                       bool withPermissions, SourceRange where, const std::string &what,
                       const PreconditionRoot *root = nullptr);

// Records the check that `st` is reachable (its path condition consistent); -1
// when the state is dead.
int checkReachable(VcContext &vc, const State &st, SourceRange where, std::string message,
                   std::vector<DiagNote> notes = {});

// Records the end of a path (a block's end, a return) for the check that the code
// does not derive a contradiction from a precondition whose satisfiability rests on
// a candidate model (VacuityCheck::Kind::PathEnd); nothing when the state is dead.
void checkPathEnd(VcContext &vc, const State &st, SourceRange where);

// Hooks of the executor: the state entering a branch (-1 when it has no code),
// and the state after a loop followed by code (returns the check, which encloses
// the rest of the block; the current scope when the state is dead).
int branchReachable(VcContext &vc, const State &st, const std::vector<ir::StmtPtr> &branch,
                    const ir::Expr &cond);
int loopExitReachable(VcContext &vc, const State &st, const ir::Stmt &loop);

// Makes `id` the enclosing check of the code executed in its lifetime (id < 0:
// unchanged).
class VacuityScope {
public:
  VacuityScope(VcContext &vc, int id) : vc_(vc), saved_(vc.vacuityScope) {
    if (id >= 0)
      vc.vacuityScope = id;
  }
  ~VacuityScope() { vc_.vacuityScope = saved_; }
  VacuityScope(const VacuityScope &) = delete;
  VacuityScope &operator=(const VacuityScope &) = delete;

private:
  VcContext &vc_;
  int saved_;
};

} // namespace kprove::vcgen
