// One reporting path for every component: an error has a stable code from
// diagnostic_codes.def, a primary source range, and related notes.
#pragma once

#include "logic/source.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kprove {

enum class DiagCode {
#define KPROVE_DIAG(Enum, Code, Summary) Enum,
#include "logic/diagnostic_codes.def"
#undef KPROVE_DIAG
};

std::string_view diagCodeName(DiagCode code);
std::string_view diagCodeSummary(DiagCode code);
// Returns true and sets `out` when `name` is a known code such as "perm.read".
bool diagCodeFromName(std::string_view name, DiagCode &out);
// Parse, type, unsupported and io errors make the input invalid (exit 2).
bool isInputError(DiagCode code);
// Warnings (unreachable code, hints about likely slips) never change the verdict.
bool isWarning(DiagCode code);

struct DiagNote {
  SourceRange range;
  std::string message;
};

// A failed obligation's counter-model, the text of its note "counterexample: ..."
// without that prefix; not confirmed: the solver's candidate model, possibly
// spurious (note "possible counterexample (unconfirmed ...)").
struct Witness {
  bool confirmed = false;
  std::string text; // "tid = 0, gsize = 3, permission held to a[2] = 0"
  // The concrete run of the kernel (replay/, on by default): "replayed" (the
  // model's inputs reproduce the failure), "found" (a small launch does, `launch`
  // says which), "not confirmed" (`reason` says why), "" (not replayed: --no-replay,
  // or not a kernel's check).
  std::string replay;
  std::string replayText; // replayed/found: what the run observed
  std::string replayLaunch;
  std::string replayReason;
};

struct Diagnostic {
  DiagCode code;
  SourceRange range;
  std::string message;
  std::vector<DiagNote> notes;
  // A failure's counterexample, also among `notes` (for --json and --sarif).
  std::optional<Witness> witness;
};

// How rendered diagnostics look: ANSI colours (for a terminal), and GCC's layout
// `FILE:LINE:COL: error: message [CODE]` for editors' problem matchers (an
// undecided obligation is a `warning: undecided: ...`).
struct DiagStyle {
  bool color = false;
  bool gcc = false;
};

// Collects diagnostics; rendering is separate so tests can inspect them.
class DiagnosticEngine {
public:
  explicit DiagnosticEngine(const SourceManager &sm) : sm_(sm) {}
  void report(Diagnostic d) { diags_.push_back(std::move(d)); }
  void error(DiagCode code, SourceRange range, std::string message) {
    report({code, range, std::move(message), {}});
  }
  const std::vector<Diagnostic> &diagnostics() const { return diags_; }
  bool hasInputErrors() const;
  size_t count() const { return diags_.size(); }
  const SourceManager &sources() const { return sm_; }

  // FILE:LINE:COL: error[CODE]: message, the source line, a caret line, notes.
  // `Unknown` prints unknown[CODE] (undecided obligations); `Note` prints a remark
  // (an assumption kprove made) as `note:` without a code; `Warning` prints
  // warning[CODE] (does not change the verdict).
  enum class Label { Error, Unknown, Note, Warning };
  using Style = DiagStyle;
  void render(const Diagnostic &d, std::ostream &os, Label label = Label::Error,
              Style style = {}) const;

private:
  const SourceManager &sm_;
  std::vector<Diagnostic> diags_;
};

} // namespace kprove
