// The whole pipeline for one file: read, parse, type-check, generate
// obligations, prove them (in parallel), and collect the verdict. The CLI and the
// corpus test both use it.
#pragma once

#include "logic/diagnostics.h"
#include "vcgen/vcgen.h"

#include <string>
#include <vector>

namespace kprove::driver {

struct RunOptions {
  unsigned timeoutSeconds = 10; // per obligation
  unsigned jobs = 1;
  unsigned randomSeed = 0;
  std::string dumpSmtDir; // empty: no dump
  vcgen::LaunchConfig launch;
  // kprove's opencl.h / cuda.h; empty: the source tree's stdlib-specs/.
  std::string stdlibDir;
};

enum class Verdict { Verified, Failed, Unknown, Invalid };
const char *verdictName(Verdict v);

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
};

// `diags` is used for rendering; the file is registered in `sources`.
FileResult verifyFile(const std::string &path, const RunOptions &opts, SourceManager &sources);

} // namespace kprove::driver
