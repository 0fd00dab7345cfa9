// Replay (issue 13): a small concrete interpreter of the IR that runs a kernel
// with given launch sizes and inputs — every thread of the work groups involved,
// barrier interval by barrier interval — and reports the failures it observes: a
// race between two threads, a missing permission, an index out of bounds, C's
// undefined behaviour, a false assertion or postcondition. It confirms failures
// the verifier reports; it never shows anything correct (docs/soundness.md).
//
// Depends on logic/ only: vcgen hands the inputs over as the values of terms in
// the solver's model, the driver matches the failures to obligations.
#pragma once

#include "logic/diagnostics.h"
#include "logic/ir.h"
#include "logic/source.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kprove::replay {

// The inputs of one run, by name: launch sizes "$lsz0" "$ngr0" ... (GPU kernels)
// or "gsize" (seed kernels), scalar parameters by name, array lengths "len:a",
// and the ids of the thread a check is about ("$lid0", "$grp0", "tid") and of a
// second instance ("2:$grp0"), which pick the work groups run when the launch is
// too large to run whole. A missing length the precondition fixes
// (`\pointer_length(a) == n`) is computed from it. Initial contents of the
// parameters' arrays: "$fill" 0 (the default) zeros, 1 cell i holds i + 1, 2 cell
// i holds i - 1 (within the element type: unsigned cells wrap); then
// the cells "cell:a#k:i" / "cell:a#k:v" (index, value) the model shows.
using Inputs = std::map<std::string, int64_t>;

struct Failure {
  enum class Kind {
    Race,       // two threads, one cell, one interval, a write: range and other
    Claim,      // two instances claim one cell (sum over 1): range and other
    Permission, // an access or clause without the permission it needs
    Undefined,  // bounds, null, overflow, shift, division by zero
    Clause,     // a false assertion, invariant, postcondition, precondition
    Divergence, // threads of a group reach different barriers
  } kind = Kind::Clause;
  DiagCode code = DiagCode::Assert; // the code of vcgen's check there
  SourceRange range;                // the access, clause part or statement
  SourceRange other;                // a race's earlier access, a claim's first atom
  std::string text;                 // what happened, with the threads and places
  bool focus = false;               // involves the thread the inputs name ("$lid0", "tid")
};

struct Outcome {
  // Non-empty: the run could not be done (too large, a construct the interpreter
  // does not model, inputs that do not meet the precondition) and why.
  std::string notReplayable;
  bool preconditionFalse = false; // the inputs do not meet the precondition
  std::vector<Failure> failures;  // in the order observed (the run goes on after
                                  // races and permission failures)
  std::string launch;             // the inputs used, as the user spells them
  uint64_t steps = 0;
  // Every thread of the launch ran (took its precondition), not only the groups or
  // threads a check is about; and how many threads that is.
  bool wholeLaunch = false;
  uint64_t threads = 0;
};

struct Options {
  bool intMath = false;     // --int-math: C integers are mathematical
  size_t maxThreads = 4096; // threads run in total
  uint64_t maxSteps = 10'000'000;
  // Stop once every thread has taken its precondition (a concrete model of it:
  // no failures, not preconditionFalse, wholeLaunch).
  bool preconditionOnly = false;
};

// Runs kernel `kernel` (an ir::GpuKernel or a seed ir::Kernel of `program`).
Outcome run(const ir::Program &program, const std::string &kernel, const Inputs &inputs,
            const SourceManager &sources, const Options &opts = {});

// The precondition of method `method` on concrete inputs (scalar parameters by
// name, array lengths "len:a" or as the precondition fixes them, "$fill" and
// cells as for run()): one thread of a one-thread launch, the arrays distinct. A
// model of it: no failures, not preconditionFalse, notReplayable empty.
Outcome checkPrecondition(const ir::Program &program, const std::string &method,
                          const Inputs &inputs, const SourceManager &sources,
                          const Options &opts = {});

// Inputs to try for a method's precondition, as smallLaunches does for kernels:
// the model's values first, then small ones; lengths 1, 4, 16, 0 unless fixed.
std::vector<Inputs> smallCalls(const ir::Program &program, const std::string &method,
                               const Inputs &model, size_t limit);

// Small launches to try when the model's own run does not reproduce a failure: local
// sizes 1..8 per used dimension, 1..2 groups, scalar parameters from a small set
// (the model's value first), in a fixed order (fewest threads first), at most
// `limit`. Sizes and parameters the precondition pins (`blockDim.x == 64`) keep
// their value; lengths it fixes are left to run().
std::vector<Inputs> smallLaunches(const ir::Program &program, const std::string &kernel,
                                  const Inputs &model, size_t limit);

// Whether a concrete failure confirms obligation (code, range): a race or missing
// permission on the access a permission, injectivity or resources check blames,
// or a failure of the same code at an overlapping range.
bool matches(const Failure &f, DiagCode code, SourceRange range);
// Whether two ranges of one file overlap (or start at one place).
bool overlaps(SourceRange a, SourceRange b);

} // namespace kprove::replay
