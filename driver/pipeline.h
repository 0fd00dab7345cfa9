// The whole pipeline for one file: read, parse, type-check, generate
// obligations, prove them (in parallel), and collect the verdict. The CLI and the
// corpus test both use it.
#pragma once

#include "driver/outline.h"
#include "logic/diagnostics.h"
#include "prover/prover.h"
#include "vcgen/vcgen.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kprove::driver {

struct RunOptions {
  // Per obligation: a deterministic budget in Z3 resource units (the verdict does
  // not depend on load or machine; about 7-20 s of solver time on the 2-core
  // reference machine), and a guard on the solver's CPU time well above it.
  unsigned rlimit = 20000000;
  unsigned timeoutSeconds = 60;
  unsigned jobs = 1;
  unsigned randomSeed = 0;
  std::string dumpSmtDir; // empty: no dump
  // --dump-ir: FileResult::ir gets the kernel IR as vcgen reads it (after type
  // checking and invariant inference), PVL-like (ir::toString).
  bool dumpIr = false;
  // Candidate loop invariants about counters, kept when proved (Houdini,
  // vcgen/invariant_inference.h); --no-infer turns them off.
  bool inferInvariants = true;
  // The proof cache's directory (driver/proof_cache.h); empty: no cache.
  std::string cacheDir;
  vcgen::LaunchConfig launch;
  // kprove's opencl.h / cuda.h; empty: defaultStdlibDir() (driver/stdlib_dir.h).
  std::string stdlibDir;
  // C files: the preprocessor's -D NAME[=VALUE] and -I DIR (Clang's meaning).
  std::vector<std::string> defines;
  std::vector<std::string> includeDirs;
  // Failed checks of kernels: run the kernel concretely with the counter-model's
  // inputs (then small launches) to confirm the failure (replay/; --no-replay).
  bool replay = true;
  // Set (by another thread) to stop: obligations not yet started are not proved,
  // FileResult::cancelled is set and the verdict is Unknown. nullptr: never.
  const std::atomic<bool> *cancel = nullptr;
  // Called once per obligation as its answer arrives, from a prover thread (so it
  // must be thread-safe), before verifyFile returns. Empty: not called.
  std::function<void(const struct ObligationResult &)> onObligation;
};

// One obligation's outcome, for editors (hover, progress): what was checked,
// where, and how it went.
struct ObligationResult {
  DiagCode code;
  SourceRange range;
  std::string message;
  prover::Verdict verdict = prover::Verdict::Unknown;
  double seconds = 0;
  std::vector<DiagNote> notes;    // related places; a failure's counterexample last
  std::optional<Witness> witness; // failed: the counter-model, when the solver gave one
  std::string reason;             // unknown: why the solver could not decide
  bool cached = false;            // the answer came from the proof cache
};

enum class Verdict { Verified, Failed, Unknown, Invalid };
const char *verdictName(Verdict v);

// Wall time per stage of one file (--stats).
struct StageSeconds {
  double frontEnd = 0;  // reading and parsing (Clang's preprocessor and Sema for C)
  double typecheck = 0; // names and types (lang/typecheck), the outline
  double vcgen = 0;     // symbolic execution: obligations and vacuity checks
  double prove = 0;     // the obligations (in parallel with --jobs)
  double vacuity = 0;   // the assumptions' satisfiability and unreachable code
  double inference = 0; // the Houdini rounds over candidate loop invariants
};

struct FileResult {
  std::string path;
  Verdict verdict = Verdict::Invalid;
  std::vector<Diagnostic> errors;   // input errors and failed obligations, in source order
  std::vector<Diagnostic> unknowns; // obligations the solver could not decide
  std::vector<Diagnostic> remarks;  // notes: assumptions kprove made (e.g. a 1-D launch)
  std::vector<Diagnostic> warnings; // do not change the verdict (unreachable code)
  size_t obligations = 0;
  size_t vacuityQueries = 0; // satisfiability queries of the assumptions (docs/soundness.md)
  double seconds = 0;
  StageSeconds stages;
  double replaySeconds = 0; // of `seconds`: running kernels to confirm failures (replay/)
  std::vector<ObligationResult> obligationResults; // in vcgen's order
  Outline outline; // declarations, uses and clauses (empty when the file did not parse)
  std::string ir;  // RunOptions::dumpIr: the IR vcgen verified
  // Candidate loop invariants (vcgen/invariant_inference.h): how many were guessed,
  // how many the Houdini rounds kept (the final run checks them again), the rounds.
  struct Inference {
    int candidates = 0, kept = 0, rounds = 0;
  } inference;
  bool cancelled = false;
};

// `diags` is used for rendering; the file is registered in `sources`.
FileResult verifyFile(const std::string &path, const RunOptions &opts, SourceManager &sources);
// The same for text that is not (or not yet) on disk, e.g. an editor's buffer;
// `path` names it in diagnostics and its extension picks the front end.
FileResult verifyText(const std::string &path, std::string text, const RunOptions &opts,
                      SourceManager &sources);

} // namespace kprove::driver
