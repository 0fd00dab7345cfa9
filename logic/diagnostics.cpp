#include "logic/diagnostics.h"

#include <algorithm>
#include <ostream>

namespace kprove {
namespace {
struct CodeInfo {
  std::string_view name;
  std::string_view summary;
};
constexpr CodeInfo kCodes[] = {
#define KPROVE_DIAG(Enum, Code, Summary) {Code, Summary},
#include "logic/diagnostic_codes.def"
#undef KPROVE_DIAG
};
} // namespace

std::string_view diagCodeName(DiagCode code) {
  return kCodes[static_cast<int>(code)].name;
}
std::string_view diagCodeSummary(DiagCode code) {
  return kCodes[static_cast<int>(code)].summary;
}

bool diagCodeFromName(std::string_view name, DiagCode &out) {
  for (size_t i = 0; i < std::size(kCodes); ++i)
    if (kCodes[i].name == name) {
      out = static_cast<DiagCode>(i);
      return true;
    }
  return false;
}

bool isInputError(DiagCode code) {
  return code == DiagCode::Parse || code == DiagCode::Type || code == DiagCode::Unsupported ||
         code == DiagCode::Io;
}

bool DiagnosticEngine::hasInputErrors() const {
  return std::any_of(diags_.begin(), diags_.end(),
                     [](const Diagnostic &d) { return isInputError(d.code); });
}

namespace {
// Prints the source line and a caret (with tildes) under [begin, end) on that line.
void renderSnippet(const SourceManager &sm, SourceRange range, std::ostream &os) {
  if (!range.valid())
    return;
  std::string_view line = sm.lineText(range.begin);
  LineCol lc = sm.lineCol(range.begin);
  std::string shown;
  for (char c : line)
    shown += (c == '\t') ? ' ' : (static_cast<unsigned char>(c) < 32 ? '?' : c);
  if (shown.size() > 200)
    shown = shown.substr(0, 200) + "...";
  os << "  " << shown << "\n  ";
  uint32_t startCol = lc.col - 1;
  uint32_t len = 1;
  if (range.end.valid() && range.end.file == range.begin.file &&
      range.end.offset > range.begin.offset) {
    uint32_t lineEnd = range.begin.offset - startCol + static_cast<uint32_t>(line.size());
    uint32_t end = std::min(range.end.offset, lineEnd);
    len = std::max<uint32_t>(1, end - range.begin.offset);
  }
  startCol = std::min<uint32_t>(startCol, 200);
  len = std::min<uint32_t>(len, 200);
  os << std::string(startCol, ' ') << '^' << std::string(len - 1, '~') << "\n";
}

void renderLocation(const SourceManager &sm, SourceRange range, std::ostream &os) {
  if (!range.valid()) {
    os << "kprove: ";
    return;
  }
  LineCol lc = sm.lineCol(range.begin);
  os << sm.path(range.begin.file) << ':' << lc.line << ':' << lc.col << ": ";
}
} // namespace

void DiagnosticEngine::render(const Diagnostic &d, std::ostream &os, Label label) const {
  renderLocation(sm_, d.range, os);
  switch (label) {
  case Label::Error:
    os << "error[" << diagCodeName(d.code) << "]: ";
    break;
  case Label::Unknown:
    os << "unknown[" << diagCodeName(d.code) << "]: ";
    break;
  case Label::Note:
    os << "note: ";
    break;
  case Label::Warning:
    os << "warning[" << diagCodeName(d.code) << "]: ";
    break;
  }
  os << d.message << "\n";
  renderSnippet(sm_, d.range, os);
  for (const DiagNote &n : d.notes) {
    if (n.range.valid()) // a note without a place (a witness) belongs to the error above
      renderLocation(sm_, n.range, os);
    os << "note: " << n.message << "\n";
    renderSnippet(sm_, n.range, os);
  }
}

} // namespace kprove
