// Runs a PVL, OpenCL or CUDA snippet through the whole pipeline (for unit tests).
#pragma once

#include "driver/pipeline.h"
#include "scratch_dir.h"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <unistd.h>
#include <utility>

namespace kprove::testing {

struct SnippetResult {
  driver::Verdict verdict;
  std::set<std::pair<std::string, unsigned>> errors;   // (code, line)
  std::set<std::pair<std::string, unsigned>> warnings; // (code, line)
  driver::FileResult raw;
};

inline SnippetResult runSnippet(const std::string &text, const std::string &name = "snippet",
                                const std::string &ext = ".pvl", driver::RunOptions opts = {}) {
  const auto &dir = scratchDir();
  // Unique per call within the process.
  static std::atomic<unsigned> counter{0};
  auto path =
      dir / (name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ext);
  std::ofstream(path, std::ios::binary) << text;
  SourceManager sm;
  opts.timeoutSeconds = KPROVE_TEST_TIMEOUT_SECONDS; // tests/CMakeLists.txt
  SnippetResult r{driver::Verdict::Invalid, {}, {}, driver::verifyFile(path.string(), opts, sm)};
  r.verdict = r.raw.verdict;
  for (const Diagnostic &d : r.raw.errors)
    r.errors.emplace(std::string(diagCodeName(d.code)), sm.lineCol(d.range.begin).line);
  for (const Diagnostic &d : r.raw.warnings)
    r.warnings.emplace(std::string(diagCodeName(d.code)), sm.lineCol(d.range.begin).line);
  return r;
}

} // namespace kprove::testing
