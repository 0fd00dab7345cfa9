// The solver interface: vcgen hands over queries in kprove's own term language,
// the prover only answers them. Z3 lives behind makeZ3Prover (z3_prover.cpp).
#pragma once

#include "logic/term.h"

#include <memory>
#include <string>
#include <vector>

namespace kprove::prover {

enum class Verdict { Proved, Failed, Unknown };

// "proved", "failed", "unknown": an obligation's outcome in reports and dumps.
inline const char *verdictName(Verdict v) {
  switch (v) {
  case Verdict::Proved:
    return "proved";
  case Verdict::Failed:
    return "failed";
  case Verdict::Unknown:
    break;
  }
  return "unknown";
}

struct Query {
  std::vector<term::T> assumptions;
  term::T goal; // proved when assumptions && !goal is unsatisfiable
  // Ground terms to evaluate in the counter-model when the goal is not proved
  // (the thread ids, sizes and cells a failure message names: Answer::witness).
  std::vector<term::T> witness;
};

struct Answer {
  Verdict verdict = Verdict::Unknown;
  std::string reason; // for Unknown: the solver's reason (timeout, incomplete, ...)
  double seconds = 0;
  // For Failed: the values of Query::witness in the solver's model, in order
  // ("" where the model gives none), and whether that model is a real one (the
  // solver answered sat) or the candidate left when quantifier instantiation
  // saturated (it may violate a quantified fact: possibly spurious).
  std::vector<std::string> witness;
  bool witnessConfirmed = false;
  // Taken from the proof cache (driver/proof_cache.h), not asked of the solver.
  bool cached = false;
};

struct ProverOptions {
  unsigned timeoutMs = 10000;
  unsigned randomSeed = 0;
  // Budget of the model-based round after pattern-based instantiation found a
  // candidate counter-model, in Z3 resource units (deterministic, unlike time;
  // see z3_prover.cpp and docs/performance.md).
  unsigned mbqiRlimit = 1000000;
  // Budget of every other round, in the same deterministic units: an obligation
  // the solver cannot decide stops here, at the same point on every machine and
  // under any load (0: none; timeoutMs alone bounds it).
  unsigned rlimit = 0;
  // Z3 4.8.12 does not check for interrupts on every path either: a solver still
  // running this long after it was interrupted ends the process with exit code 3
  // (unknown) and a message, rather than hang it (0: never).
  unsigned stuckExitMs = 30000;
};

class Prover {
public:
  virtual ~Prover() = default;
  virtual Answer check(const Query &q) = 0;
  // The query as a standalone SMT-LIB 2 script that `z3 FILE` answers by itself:
  // unsat means proved.
  virtual std::string toSmtLib(const Query &q) = 0;
};

// The solver and its version ("Z3 4.8.12.0"), part of the proof cache's key.
std::string solverVersion();

// One prover per worker thread: a Z3 context is not thread-safe.
std::unique_ptr<Prover> makeZ3Prover(const ProverOptions &opts);

} // namespace kprove::prover
