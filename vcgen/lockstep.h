// The seed's lock-step-safety rule (§5.2.1): a variable is lock-step safe when it
// is assigned only expressions over lock-step-safe names, and never under a
// condition that may differ between threads. Barriers, and the loops and
// conditionals around them, may only depend on lock-step-safe names; otherwise
// threads of one group may disagree on reaching the barrier.
//
// This analysis is the fast, syntactic half of the divergence check: it finds every
// condition that decides whether a thread reaches a barrier — the conditions of
// the ifs and loops around it, and the conditions under which a thread may have
// returned, broken out of a loop or switch, or continued a loop before it, earlier
// in the body or (return, break) later in an enclosing loop's body (the next
// iteration's barrier) — and that it cannot show uniform. A loop or switch with a
// break or continue under a non-uniform condition runs its statements a different
// number of times in different threads: nothing it assigns is uniform. The executor
// then proves each such condition semantically (two arbitrary threads of one group
// agree on it, under the contract and both path conditions), as GPUVerify does.
#pragma once

#include "logic/ir.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

struct DivergenceError {
  const ir::Stmt *barrier;
  const ir::Expr *condition; // the condition that may differ between threads
};

struct LockStepResult {
  std::set<std::string> uniform; // names with one value across the group
  std::vector<DivergenceError> errors;
  // Of the statements `isPoint` picks, those all threads reach together: no
  // condition that may differ between threads decides whether a thread reaches them
  // (for a loop: its head, every iteration).
  std::set<const ir::Stmt *> reachedTogether;
};

// `uniform` holds the names known to be uniform on entry (parameters, sizes,
// the group id); thread ids must not be in it. `memoryReaders`: the pure functions
// that read memory (VcContext::heapFunctions), whose calls are never uniform.
LockStepResult analyseLockStep(const std::vector<ir::StmtPtr> &body, std::set<std::string> uniform,
                               const std::set<std::string> &memoryReaders,
                               const std::function<bool(const ir::Stmt &)> &isPoint = {});

} // namespace kprove::vcgen
