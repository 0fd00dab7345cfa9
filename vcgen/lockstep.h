// The seed's lock-step-safety rule (§5.2.1): a variable is lock-step safe when it
// is assigned only expressions over lock-step-safe names, and never under a
// condition that may differ between threads. Barriers, and the loops and
// conditionals around them, may only depend on lock-step-safe names; otherwise
// threads of one group may disagree on reaching the barrier.
//
// The check is syntactic by design. A semantic check (prove the condition equal
// in two arbitrary threads, as GPUVerify does) can replace `isUniform` later: it
// is the only place that decides.
#pragma once

#include "logic/ir.h"

#include <set>
#include <string>
#include <vector>

namespace kprove::vcgen {

struct DivergenceError {
  const ir::Stmt *barrier;
  SourceRange condition; // the condition that may differ between threads
};

struct LockStepResult {
  std::set<std::string> uniform; // names with one value across the group
  std::vector<DivergenceError> errors;
};

// `uniform` holds the names known to be uniform on entry (parameters, sizes,
// the group id); thread ids must not be in it.
LockStepResult analyseLockStep(const std::vector<ir::StmtPtr> &body, std::set<std::string> uniform);

} // namespace kprove::vcgen
