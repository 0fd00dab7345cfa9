// The language features, as pure functions of one finished verification of a
// document (its text and the pipeline's FileResult): diagnostics, hover on
// contract clauses, code lenses on kernels and methods, go-to-definition.
#pragma once

#include "driver/pipeline.h"
#include "lsp/jsonrpc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kprove::lsp {

// Byte offsets <-> LSP positions (0-based line, UTF-16 code units in the line).
class LineIndex {
public:
  explicit LineIndex(std::string_view text);
  json position(uint32_t offset) const;
  json range(const SourceRange &r) const;
  uint32_t offset(int64_t line, int64_t character) const;
  uint32_t line(uint32_t offset) const; // 0-based

private:
  std::string_view text_;
  std::vector<uint32_t> starts_;
};

struct Analysis {
  std::string uri;
  int64_t version = 0;
  std::string text;
  driver::FileResult result;
};

// The publishDiagnostics parameters: errors, unknowns, warnings and kprove's
// notes (assumptions it made), each with its code and its notes as related
// information.
json diagnosticsParams(const Analysis &a);
json diagnosticJson(const Diagnostic &d, int severity, const LineIndex &lines,
                    const std::string &uri);

// Hover on a contract clause: its verdict, obligations and time. nullopt when
// the position is not on a clause.
std::optional<json> hover(const Analysis &a, int64_t line, int64_t character);

// One lens per method, pure function and kernel: "verified in 0.3 s", ...
json codeLenses(const Analysis &a);

// The declaration of the pure function, method or par block (barrier label)
// named at the position; nullopt when there is none.
std::optional<json> definition(const Analysis &a, int64_t line, int64_t character);

// "0.31 s", "12 ms": a duration for people.
std::string formatSeconds(double s);

} // namespace kprove::lsp
