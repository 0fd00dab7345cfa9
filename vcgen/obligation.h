// An obligation is what vcgen asks and the prover answers: the query plus its
// blame (the failure kind, the source range it lands on, related notes).
#pragma once

#include "logic/diagnostics.h"
#include "prover/prover.h"

#include <string>
#include <vector>

namespace kprove::vcgen {

struct Obligation {
  DiagCode code;
  SourceRange range;
  std::string message;
  std::vector<DiagNote> notes;
  prover::Query query;
};

} // namespace kprove::vcgen
