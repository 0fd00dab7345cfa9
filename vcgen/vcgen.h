// Entry point of VC generation: every method, pure function and kernel of a
// type-checked program becomes a list of obligations with their blame.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "vcgen/obligation.h"

#include <vector>

namespace kprove::vcgen {

struct VcResult {
  std::vector<Obligation> obligations;
  std::vector<Diagnostic> failures; // found without the prover (barrier divergence)
};

// Input errors found on the way (unsupported constructs) go to `diags`.
VcResult generate(const ir::Program &program, DiagnosticEngine &diags);

} // namespace kprove::vcgen
