// docs/errors.md compiled into the binary (cmake/embed_text.cmake): the one
// source of `kprove --explain CODE` and of the descriptions of --sarif's rules.
#pragma once

#include "logic/diagnostics.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kprove::driver {

// The text of docs/errors.md as it was when kprove was built.
std::string_view errorsDoc();

// The section of docs/errors.md about one code: the `## ` heading it sits under
// ("Verification failures (exit 1)") and the text below its "### `CODE`"
// heading up to the next heading, examples included (Markdown).
struct CodeSection {
  std::string group;
  std::string body;
};
std::optional<CodeSection> codeSection(std::string_view code);

// The section's prose without its examples (fenced blocks), paragraphs joined
// into lines; "" when it has none (a section that is only an example).
std::string sectionProse(const CodeSection &s);

// GitHub's anchor of a code's heading in docs/errors.md: "perm.read" -> "permread".
std::string errorsDocAnchor(std::string_view code);

// A code is printed as error[CODE], or warning[CODE] when it never changes the
// verdict.
bool isWarningCode(DiagCode code);

// What `kprove --explain CODE` prints: the code's label and summary, its group,
// then its section. CODE may also be written as printed, e.g. "error[perm.read]".
// nullopt when CODE is not a diagnostic code.
std::optional<std::string> explainCode(std::string_view code);

// Every diagnostic code of logic/diagnostic_codes.def, in its order; and their
// names, comma-separated (the error for an unknown CODE).
std::vector<DiagCode> allDiagCodes();
std::string allCodeNames();

} // namespace kprove::driver
