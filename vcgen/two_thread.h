// GPUVerify's two-thread predicates: `__other_int(e)` (e in a second thread),
// `__uniform_int(e)`, `__distinct_int(e)`, `__all(p)`, `__exclusive(p)` and
// `__enabled()` inside them (lang/c/lower_gpuverify.cpp lowers them to ir's Other and
// Enabled). GPUVerify proves a kernel for two arbitrary distinct threads running in
// lock-step; its predicates speak of both at one point of that run. kprove's proofs
// are per thread, so a claim over two is one query that holds, beside this thread's
// state, a renamed copy of it as the second thread's (as the divergence check does):
//  - Every symbol but those all threads of the launch share (parameters, sizes) is
//    swapped with its twin; `__other_int(e)` is e over the twins. What the second
//    thread reads from memory is unknown (this thread's view lacks other threads'
//    writes).
//  - The second thread is another thread: its ids differ in some dimension. In the
//    same group it shares the group's symbols (the group id, its local arrays).
//  - Its `__enabled()` is a symbol of its own. Enabled, it is at this point of the
//    lock-step run: its state meets the renamed facts of this one (the same branches
//    taken, its loop invariants), and the lock-step-safe variables (vcgen/lockstep.h)
//    have the same values (the group's in one group, the launch's always). Not
//    enabled, only what holds of every thread at its start is known of it. It is
//    known to be enabled where the lock-step analysis shows every thread arrives
//    together (LockStepResult::reachedTogether).
// A loop's two-thread invariants are assumed for the states of one iteration
// (State::pairAssumptions); other two-thread assumptions (a __requires, __assume) are
// dropped: assuming less is sound.
// docs/soundness.md lists this among the trusted assumptions (lock-step meaning).
#pragma once

#include "logic/ir.h"
#include "logic/term.h"
#include "vcgen/state.h"
#include "vcgen/vc_context.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

// What the query for a pair needs to know of the kernel's launch, set while a GPU
// kernel's thread is verified (VcContext::pair).
struct PairContext {
  std::set<std::string> launchShared;            // symbols every thread shares
  std::map<std::string, term::Sort> groupShared; // and those one group's threads share
  std::vector<std::string> groupIds, localIds;   // the thread-id variables
  std::set<std::string> groupUniform;            // lock-step-safe across a group
  std::set<std::string> launchUniform;           // lock-step-safe across the launch
  std::vector<term::T> startFacts;               // of every thread where it starts
  // The variables with one value all along in every thread (the ids, the sizes, the
  // parameters the kernel never assigns). Any other variable of a second thread
  // that is not here (not enabled) holds a value of its own, unknown.
  std::set<std::string> fixedNames;
  // The statements carrying two-thread claims (asserts, loops with such invariants)
  // that every thread of the launch, or of a group, reaches together: there the
  // second thread is enabled (vcgen/lockstep.h, LockStepResult::reachedTogether).
  std::set<const ir::Stmt *> reachedByLaunch, reachedByGroup;
};

// Whether a statement carries a two-thread claim: the lock-step analysis decides
// whether all threads reach it together.
bool carriesPairClaim(const ir::Stmt &s);

// Sets VcContext::pairPoint (and pairVars, at a call) while it lives.
class PairPointScope {
public:
  PairPointScope(VcContext &vc, const ir::Stmt *point,
                 const std::map<std::string, term::T> *vars = nullptr)
      : vc_(vc), saved_(vc.pairPoint), savedVars_(vc.pairVars) {
    vc.pairPoint = point;
    vc.pairVars = vars;
  }
  ~PairPointScope() {
    vc_.pairPoint = saved_;
    vc_.pairVars = savedVars_;
  }
  PairPointScope(const PairPointScope &) = delete;
  PairPointScope &operator=(const PairPointScope &) = delete;

private:
  VcContext &vc_;
  const ir::Stmt *saved_;
  const std::map<std::string, term::T> *savedVars_;
};

// The unsupported message where there is no second thread (outside a GPU kernel's
// own thread).
extern const char *const kNoSecondThread;

// Whether `e` speaks of a second thread (contains ir's Other).
bool mentionsOther(const ir::Expr &e);

// `t` as the second thread's: every symbol the launch does not share swapped with
// its second-thread twin (so that the second thread's second thread is this one).
term::T otherThreadCopy(const term::T &t, const PairContext &pair);

// This thread's `__enabled()` as a symbol (true; its twin is the second thread's).
term::T thisEnabled();

// A two-thread claim assumed at a loop's head, for the states of that iteration:
// it holds when the second thread is at the later point too (in lock-step it was
// then at the head, enabled: the claim's second thread is there).
term::T pairAssumption(const term::T &claim);

// The assumptions of a query about this thread (state `st`, variables `vars`: the
// kernel's, also while a call's precondition is exhaled over the callee's
// parameters) and a second one, at `point` (a statement whose reaching the lock-step
// analysis decided, or null).
std::vector<term::T> pairFacts(const State &st, const std::map<std::string, term::T> &vars,
                               const PairContext &pair, const ir::Stmt *point);

// Whether a statement is a point where a two-thread claim is checked: one that
// carries it (carriesPairClaim), or a call of a function whose precondition has one.
bool isPairPoint(const ir::Stmt &s, const ir::Program &program);

} // namespace kprove::vcgen
