// Entry point of VC generation: every method, pure function and kernel of a
// type-checked program becomes a list of obligations with their blame.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "vcgen/obligation.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace kprove::vcgen {

// Launch sizes pinned on the command line (GPUVerify's flags); unset = symbolic.
struct LaunchConfig {
  std::optional<int64_t> localSize[3], numGroups[3], globalSize[3];
  // How many dimensions the flags name (`--local_size=4,1` two, a 2-D launch; the
  // dimensions after them are pinned to 1): get_work_dim() is at least this.
  int flagDimensions = 0;
  // --int-math: C integers are mathematical (VerCors's semantics), see VcContext.
  bool intMath = false;
};

struct VcResult {
  std::vector<Obligation> obligations;
  std::vector<Diagnostic> failures;        // found without the prover (barrier divergence)
  std::vector<std::string> failureUnits;   // the method or kernel of each (Obligation::unit)
  std::vector<Diagnostic> remarks;         // notes for the user (assumptions kprove made)
  std::vector<VacuityCheck> vacuityChecks; // satisfiability of the assumptions
};

// Input errors found on the way (unsupported constructs) go to `diags`.
VcResult generate(const ir::Program &program, DiagnosticEngine &diags,
                  const LaunchConfig &launch = {});

} // namespace kprove::vcgen
