// Symbolic execution of statements for one arbitrary thread (forward weakest-
// precondition style: each assertion becomes one obligation under the path
// condition that reaches it). Branches fork the state and merge it again with
// if-then-else terms; loops are cut by their invariants; calls, parallel blocks
// and barriers are replaced by their contracts.
#pragma once

#include "logic/ir.h"
#include "vcgen/resources.h"
#include "vcgen/state.h"
#include "vcgen/vc_context.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

// The group a thread runs in: the thread variables with their ranges, the names
// that are uniform across the group, and how a barrier redistributes resources.
struct ThreadContext {
  std::string name;                    // par block name (VerCors barriers name it)
  std::vector<std::string> threadVars; // e.g. tid (par iteration variables)
  std::vector<std::string> aliases;    // names equal to the (single) thread variable: lid
  std::vector<std::pair<term::T, term::T>> ranges; // [lo, hi) per thread variable
  std::set<std::string> uniform;                   // lock-step-safe names
  bool seed = false;                               // seed kernel syntax
  std::map<std::string, ir::MemorySpace> spaces;   // seed: memory space of each array
  // Seed barriers: inhales the group's resources (G_res) into a state.
  std::function<void(State &)> inhaleGroupResources;
  // GPU kernels: the first `fixedVars` thread variables identify the work group and
  // stay fixed at a barrier, which synchronises only the threads of one group.
  size_t fixedVars = 0;
  bool gpu = false; // C kernels: barriers check their fences
  // The kernel's context_everywhere: invariants of every loop of its body (first).
  std::vector<const ir::Expr *> everywhere;
  // A `return` in the thread: checks the thread's postcondition (null: unsupported).
  std::function<void(State &, SourceRange)> onReturn;
  // Barrier divergence: each condition the lock-step analysis could not show
  // uniform, with the barriers whose reaching it decides. The executor proves, where
  // the condition is evaluated, that two threads of the group agree on it.
  std::map<const ir::Expr *, std::vector<const ir::Stmt *>> divergence;
  // The symbols every thread of the group shares (parameters, sizes, the group id,
  // the memory at the start); all others are this thread's own and are renamed to
  // describe a second thread.
  std::set<std::string> sharedSymbols;
};

// The free constants of the state's facts, variables and heap: what the group
// shares before thread-specific symbols are introduced.
std::set<std::string> freeSymbolsOf(const State &st);
std::map<std::string, term::Sort> freeVariablesOf(const State &st); // with their sorts

// The variables a thread's postcondition reads with their values where the thread
// started (EntryValues): every variable of st.oldVars.
std::vector<std::string> entryNames(const State &st);

class Executor {
public:
  Executor(VcContext &vc, const ir::Method *method, const ThreadContext *thread)
      : vc_(vc), res_(vc), method_(method), thread_(thread) {}

  void exec(const std::vector<ir::StmtPtr> &body, State &st);
  void exec(const ir::Stmt &s, State &st);

  // Checks that the postcondition holds (return statements and the end of the body).
  void exhalePost(State &st, SourceRange site);
  // Other threads' atomics between two steps of this thread: forgets the cells of
  // atomically updated arrays the state holds less than all of.
  void interfere(State &st);

private:
  void execIf(const ir::Stmt &s, State &st);
  void execWhile(const ir::Stmt &s, State &st);
  void execAssign(const ir::Stmt &s, State &st);
  // `x = new int[n]` (vcgen/allocation.cpp): a fresh array; returns its reference.
  term::T allocate(const ir::Expr &alloc, State &st);
  void execCall(const ir::Stmt &s, State &st);
  // VerCors's par regions (par blocks, `parallel`, `sequential`; vcgen/parallel.cpp).
  // Each par block's iteration ranges are evaluated once, when the region starts.
  using ParRanges = std::map<const ir::Stmt *, std::vector<std::pair<term::T, term::T>>>;
  void execPar(const ir::Stmt &s, State &st);
  void rememberKeptByPar(const ir::Stmt &s, State &st);
  void evalParRanges(const ir::Stmt &region, State &st, ParRanges &ranges);
  void checkParRegion(const ir::Stmt &region, const State &st, const ParRanges &ranges);
  void verifyParBlock(const ir::Stmt &s, const State &st,
                      const std::vector<std::pair<term::T, term::T>> &ranges);
  // The \forall* (over its threads) of the region's precondition, resp. postcondition;
  // \old in them is `startState`'s.
  void exhaleParPre(const ir::Stmt &region, State &st, const State &startState,
                    const ParRanges &ranges, const ExhaleBlame &blame);
  void inhaleParPost(const ir::Stmt &region, State &st, const State &startState,
                     const ParRanges &ranges);
  // Calls `use` with the conjunction of the `kinds` clauses of each par block a
  // region starts with (firstRegion: every region of a `parallel`, the first of a
  // `sequential`) or ends with (the last), its threads bound over their ranges.
  void
  forEachRegionClause(const ir::Stmt &region, State &st, const State &startState,
                      const ParRanges &ranges, std::initializer_list<ir::ClauseKind> kinds,
                      bool firstRegion,
                      const std::function<void(const ir::Expr &, const ResourceOptions &)> &use);
  // VerCors's vec blocks, run in lock-step (vcgen/vec_block.cpp).
  struct VecLanes;
  void execVec(const ir::Stmt &s, State &st);
  void execVecBody(const std::vector<ir::StmtPtr> &body, State &st, VecLanes &v,
                   const term::T &active);
  void execVecStmt(const ir::Stmt &s, State &st, VecLanes &v, const term::T &active);
  void execVecWrite(const ir::Stmt &s, State &st, VecLanes &v, const term::T &active);
  State laneState(const State &st, const VecLanes &v, const term::T &active);
  std::optional<term::T> laneValue(const ir::Expr &e, State &lane, VecLanes &v);
  void execBarrier(const ir::Stmt &s, State &st);
  void runBarrierBody(const ir::Stmt &s, State &g);
  void execAtomic(const ir::Stmt &s, State &st);
  // VerCors's shared invariants (vcgen/invariant_blocks.cpp).
  void execInvariantBlock(const ir::Stmt &s, State &st);
  void execAtomicBlock(const ir::Stmt &s, State &st);
  void checkFences(const ir::Stmt &s, State &st);
  void groupCheck(const ir::Stmt &s, State &st);
  // Obligation: two threads of the group that reach this point under their contract
  // agree on `cond` (when it decides whether they reach a barrier).
  void checkUniform(const ir::Expr &cond, State &st);
  void merge(State &st, const term::T &cond, State &thenSt, State &elseSt);

  // --- loops, break and continue (loops.cpp) ---
  // A loop, or a Block that catches breaks or continues, while its body runs: the
  // states of the breaks and continues that leave it.
  struct JumpTarget {
    bool loop = false; // a loop catches both
    ir::Catches catches = ir::Catches::Nothing;
    std::vector<State> breaks;
    std::vector<std::pair<State, SourceRange>> continues;
  };
  void execJump(const ir::Stmt &s, State &st);
  void execCatching(const ir::Stmt &s, State &st);
  // `st` becomes the state after one of `exits` (each extends st's path condition).
  void join(State &st, std::vector<State> &exits);
  // The state after a break: the frame the loop left untouched with the resources
  // and values of the breaking iteration.
  State withFrame(const State &frame, const State &broke, const PathList &entry);

  std::vector<JumpTarget *> targets_; // innermost last

  VcContext &vc_;
  ResourceEngine res_;
  const ir::Method *method_;
  const ThreadContext *thread_;
};

// Runs the lock-step analysis of a parallel body: sets the names that are uniform
// across the group and the conditions the executor must prove uniform.
void analyseDivergence(ThreadContext &tc, const std::vector<ir::StmtPtr> &body,
                       std::set<std::string> uniform, const std::set<std::string> &memoryReaders);

// One arbitrary thread of a kernel or parallel block, from `st` (its id already
// bound): the postcondition must frame itself, the precondition is inhaled
// (framing checked), the body runs, the postcondition is exhaled.
void verifyThread(VcContext &vc, const ThreadContext &tc, State &st, const ir::ExprPtr &pre,
                  const ir::ExprPtr &post, const std::vector<ir::StmtPtr> &body,
                  const ExhaleBlame &postBlame);

// Clause helpers shared by methods, kernels and statements.
std::vector<const ir::Expr *> clausesOf(const std::vector<ir::Clause> &cs,
                                        std::initializer_list<ir::ClauseKind> kinds);
// The conjunction of the clauses as one formula (** of them), or null if none.
ir::ExprPtr conjoin(const std::vector<const ir::Expr *> &parts);

} // namespace kprove::vcgen
