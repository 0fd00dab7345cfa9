#include "driver/explain.h"

#include <cctype>
#include <sstream>
#include <vector>

namespace kprove {
namespace embedded {
std::string_view errorsDoc(); // generated: errors_doc.cpp in the build tree
} // namespace embedded

namespace driver {

std::string_view errorsDoc() {
  return embedded::errorsDoc();
}

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    size_t end = text.find('\n');
    out.push_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return out;
}

} // namespace

std::optional<CodeSection> codeSection(std::string_view code) {
  std::string heading = "### `" + std::string(code) + "`";
  std::optional<CodeSection> found;
  std::string group;
  bool fenced = false;
  for (std::string_view line : lines(errorsDoc())) {
    if (startsWith(line, "```"))
      fenced = !fenced;
    bool isHeading = !fenced && startsWith(line, "#");
    if (found && isHeading)
      break;
    if (found) {
      found->body += std::string(line) + "\n";
    } else if (isHeading && startsWith(line, "## ")) {
      group = std::string(line.substr(3));
    } else if (isHeading && line == heading) {
      found = CodeSection{group, ""};
    }
  }
  if (found)
    while (!found->body.empty() && (found->body.back() == '\n' || found->body.back() == ' '))
      found->body.pop_back();
  return found;
}

std::string sectionProse(const CodeSection &s) {
  std::string out;
  bool fenced = false, paragraphBreak = false;
  for (std::string_view line : lines(s.body)) {
    if (startsWith(line, "```")) {
      fenced = !fenced;
      paragraphBreak = true;
      continue;
    }
    if (fenced)
      continue;
    if (line.empty()) {
      paragraphBreak = true;
      continue;
    }
    if (!out.empty())
      out += paragraphBreak ? "\n\n" : " ";
    out += line;
    paragraphBreak = false;
  }
  return out;
}

std::string errorsDocAnchor(std::string_view code) {
  // GitHub lower-cases a heading, drops punctuation but '-' and '_', and turns
  // spaces into '-': "`perm.read`" -> "permread".
  std::string out;
  for (char c : code)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (c == ' ')
      out += '-';
  return out;
}

bool isWarningCode(DiagCode code) {
  return isWarning(code);
}

std::optional<std::string> explainCode(std::string_view code) {
  // As printed: error[CODE], unknown[CODE], warning[CODE].
  for (std::string_view label : {"error[", "unknown[", "warning["})
    if (startsWith(code, label) && code.size() > label.size() + 1 && code.back() == ']')
      code = code.substr(label.size(), code.size() - label.size() - 1);
  DiagCode c;
  if (!diagCodeFromName(code, c))
    return std::nullopt;
  std::ostringstream out;
  out << (isWarningCode(c) ? "warning[" : "error[") << code << "]: " << diagCodeSummary(c) << "\n";
  if (std::optional<CodeSection> s = codeSection(code)) {
    if (!s->group.empty())
      out << s->group << "\n";
    out << "\n" << s->body << "\n";
  }
  return out.str();
}

std::vector<DiagCode> allDiagCodes() {
  return {
#define KPROVE_DIAG(Enum, Code, Summary) DiagCode::Enum,
#include "logic/diagnostic_codes.def"
#undef KPROVE_DIAG
  };
}

std::string allCodeNames() {
  std::string out;
  for (DiagCode c : allDiagCodes())
    out += (out.empty() ? "" : ", ") + std::string(diagCodeName(c));
  return out;
}

} // namespace driver
} // namespace kprove
