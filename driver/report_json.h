// Output for machines: `kprove --json` (one JSON document in kprove's own shape,
// README.md) and `kprove --sarif` (SARIF 2.1.0, as GitHub code scanning loads
// it), built from the FileResults the text output prints.
#pragma once

#include "driver/pipeline.h"

#include <memory>
#include <optional>
#include <string>

namespace kprove::driver {

// kprove's own failure on a file rather than the input's: out of memory or
// resources (code "limit", see --memory) or an internal error ("internal"). The
// file is invalid; the text output prints `FILE: error[CODE]: MESSAGE`.
struct ToolError {
  std::string code;
  std::string message;
};

class MachineReport {
public:
  MachineReport();
  ~MachineReport();
  MachineReport(const MachineReport &) = delete;
  MachineReport &operator=(const MachineReport &) = delete;

  // One file's outcome, in command-line order; `sources` holds its text (lines
  // and columns are computed here).
  void addFile(const std::string &path, const FileResult &r, const SourceManager &sources,
               const std::optional<ToolError> &toolError = std::nullopt);
  std::string toJson() const;  // the --json document, newline-terminated
  std::string toSarif() const; // the --sarif document, newline-terminated

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace kprove::driver
