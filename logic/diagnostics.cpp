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

bool isWarning(DiagCode code) {
  return code >= DiagCode::Unreachable;
}

bool DiagnosticEngine::hasInputErrors() const {
  return std::any_of(diags_.begin(), diags_.end(),
                     [](const Diagnostic &d) { return isInputError(d.code); });
}

namespace {
// Prints the source line and a caret (with tildes) under [begin, end) on that line.
// ANSI SGR sequences, as Clang colours its diagnostics.
constexpr const char *kBold = "\033[1m";
constexpr const char *kRed = "\033[1;31m";
constexpr const char *kMagenta = "\033[1;35m";
constexpr const char *kCyan = "\033[1;36m";
constexpr const char *kGreen = "\033[1;32m";
constexpr const char *kReset = "\033[0m";

void renderSnippet(const SourceManager &sm, SourceRange range, std::ostream &os, bool color) {
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
  os << std::string(startCol, ' ') << (color ? kGreen : "") << '^' << std::string(len - 1, '~')
     << (color ? kReset : "") << "\n";
}

void renderLocation(const SourceManager &sm, SourceRange range, std::ostream &os, bool color) {
  if (color)
    os << kBold;
  if (!range.valid()) {
    os << "kprove: ";
  } else {
    LineCol lc = sm.lineCol(range.begin);
    os << sm.path(range.begin.file) << ':' << lc.line << ':' << lc.col << ": ";
  }
  if (color)
    os << kReset;
}
} // namespace

void DiagnosticEngine::render(const Diagnostic &d, std::ostream &os, Label label,
                              Style style) const {
  auto paint = [&](const char *colour, std::string_view text) {
    if (style.color)
      os << colour << text << kReset;
    else
      os << text;
  };
  std::string code(diagCodeName(d.code));
  renderLocation(sm_, d.range, os, style.color);
  switch (label) {
  case Label::Error:
    paint(kRed, style.gcc ? "error" : "error[" + code + "]");
    break;
  case Label::Unknown:
    paint(kMagenta, style.gcc ? "warning" : "unknown[" + code + "]");
    break;
  case Label::Note:
    paint(kCyan, "note");
    break;
  case Label::Warning:
    paint(kMagenta, style.gcc ? "warning" : "warning[" + code + "]");
    break;
  }
  os << ": ";
  if (style.gcc && label == Label::Unknown)
    os << "undecided: ";
  if (style.color)
    os << kBold << d.message << kReset;
  else
    os << d.message;
  if (style.gcc && label != Label::Note)
    os << " [" << code << "]";
  os << "\n";
  renderSnippet(sm_, d.range, os, style.color);
  for (const DiagNote &n : d.notes) {
    if (n.range.valid()) // a note without a place (a witness) belongs to the error above
      renderLocation(sm_, n.range, os, style.color);
    paint(kCyan, "note");
    os << ": " << n.message << "\n";
    renderSnippet(sm_, n.range, os, style.color);
  }
}
} // namespace kprove
