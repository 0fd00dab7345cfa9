#include "driver/report_json.h"

#include "driver/explain.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cctype>
#include <map>

namespace kprove::driver {

// Keys in the order written: "tool" and "version" first, a file's "path" first.
using json = nlohmann::ordered_json;

namespace {

constexpr const char *kVersion = KPROVE_VERSION;
constexpr const char *kHomepage = KPROVE_HOMEPAGE;

// Codes of kprove's own failures (ToolError), not in logic/diagnostic_codes.def.
struct ToolRule {
  const char *id;
  const char *summary;
};
constexpr ToolRule kToolRules[] = {
    {"limit", "kprove ran out of memory or another resource (see --memory); the file is "
              "invalid, never verified"},
    {"internal", "an internal error of kprove; the file is invalid, never verified"},
};

// A range as the text output shows it: 1-based lines and byte columns, the end
// one past the last character; a range without an extent covers one character
// (the caret). Columns of SARIF regions count UTF-16 code units instead (its
// default columnKind), hence `utf16`.
json rangeJson(const SourceManager &sm, const SourceRange &r, bool utf16 = false) {
  auto column = [&](SourceLoc loc, LineCol lc) -> uint32_t {
    if (!utf16)
      return lc.col;
    return utf16Units(sm.lineText(loc).substr(0, lc.col - 1)) + 1;
  };
  LineCol b = sm.lineCol(r.begin);
  uint32_t line = b.line, col = column(r.begin, b), endLine = line, endCol = col + 1;
  if (r.end.valid() && r.end.file == r.begin.file && r.end.offset > r.begin.offset) {
    LineCol e = sm.lineCol(r.end);
    endLine = e.line;
    endCol = column(r.end, e);
  }
  if (utf16)
    return {{"startLine", line}, {"startColumn", col}, {"endLine", endLine}, {"endColumn", endCol}};
  return {{"line", line}, {"column", col}, {"endLine", endLine}, {"endColumn", endCol}};
}

json notesJson(const SourceManager &sm, const std::vector<DiagNote> &notes) {
  json out = json::array();
  for (const DiagNote &n : notes) {
    json note = {{"message", n.message}};
    if (n.range.valid())
      note["range"] = rangeJson(sm, n.range);
    out.push_back(std::move(note));
  }
  return out;
}

json witnessJson(const Witness &w) {
  json out = {{"confirmed", w.confirmed}, {"text", w.text}};
  if (!w.replay.empty()) {
    json r = {{"status", w.replay}};
    if (!w.replayText.empty())
      r["observed"] = w.replayText;
    if (!w.replayLaunch.empty())
      r["launch"] = w.replayLaunch;
    if (!w.replayReason.empty())
      r["reason"] = w.replayReason;
    out["replay"] = std::move(r);
  }
  return out;
}

// A file path as a SARIF artifact URI: relative paths stay relative (to the
// directory kprove ran in: a repository's root for code scanning), absolute ones
// become file:// URIs; bytes
// outside RFC 3986's unreserved characters and '/' are percent-encoded.
std::string pathUri(const std::string &path) {
  static const char *hex = "0123456789ABCDEF";
  std::string out = !path.empty() && path[0] == '/' ? "file://" : "";
  for (char c : path) {
    auto b = static_cast<unsigned char>(c);
    if (std::isalnum(b) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += c;
    } else {
      out += '%';
      out += hex[b >> 4];
      out += hex[b & 15];
    }
  }
  return out;
}

// Invalid UTF-8 (a hostile input's text quoted in a message) becomes U+FFFD
// rather than an exception.
std::string dump(const json &j) {
  return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace

struct MachineReport::Impl {
  json files = json::array();        // --json's "files"
  json results = json::array();      // SARIF results
  json artifacts = json::array();    // SARIF artifacts, one per file
  std::array<size_t, 4> counts = {}; // by Verdict
  bool internalError = false;

  std::map<std::string, size_t> ruleIndex; // SARIF rules: the .def's codes, then kToolRules
  Impl() {
    for (DiagCode c : allDiagCodes())
      ruleIndex.emplace(std::string(diagCodeName(c)), ruleIndex.size());
    for (const ToolRule &t : kToolRules)
      ruleIndex.emplace(t.id, ruleIndex.size());
  }

  // severity: "error", "unknown", "warning" or "note" (a remark, without a code).
  json diagnosticJson(const SourceManager &sm, const Diagnostic &d, const char *severity) {
    json out = {{"severity", severity}};
    if (std::string_view(severity) != "note")
      out["code"] = std::string(diagCodeName(d.code));
    out["message"] = d.message;
    if (d.range.valid())
      out["range"] = rangeJson(sm, d.range);
    out["notes"] = notesJson(sm, d.notes);
    if (d.witness)
      out["witness"] = witnessJson(*d.witness);
    return out;
  }

  void addResult(const std::string &path, size_t artifact, const SourceManager *sm,
                 const std::string &code, const char *level, const char *severity,
                 const std::string &message, const SourceRange &range,
                 const std::vector<DiagNote> &notes, const std::optional<Witness> &witness) {
    auto location = [&](const SourceRange &r) {
      json loc = {
          {"artifactLocation",
           {{"uri", pathUri(r.valid() ? sm->path(r.begin.file) : path)}, {"index", artifact}}}};
      // GitHub code scanning needs a line: a diagnostic about the whole file is on line 1.
      loc["region"] = r.valid() ? rangeJson(*sm, r, true) : json{{"startLine", 1}};
      return loc;
    };
    // Notes without a place (a failure's counterexample) belong to the message,
    // as in the text output.
    std::string text = message;
    json related = json::array();
    for (const DiagNote &n : notes)
      if (!n.range.valid())
        text += "\n" + n.message;
      else
        related.push_back({{"id", related.size() + 1},
                           {"physicalLocation", location(n.range)},
                           {"message", {{"text", n.message}}}});
    json result = {{"ruleId", code},
                   {"ruleIndex", ruleIndex.at(code)},
                   {"level", level},
                   {"message", {{"text", text}}},
                   {"locations", json::array({{{"physicalLocation", location(range)}}})}};
    if (!related.empty())
      result["relatedLocations"] = std::move(related);
    json properties = {{"kprove/severity", severity}};
    if (witness)
      properties["kprove/witness"] = witnessJson(*witness);
    result["properties"] = std::move(properties);
    results.push_back(std::move(result));
  }
};

MachineReport::MachineReport() : impl_(std::make_unique<Impl>()) {}
MachineReport::~MachineReport() = default;

void MachineReport::addFile(const std::string &path, const FileResult &r,
                            const SourceManager &sources,
                            const std::optional<ToolError> &toolError) {
  Impl &m = *impl_;
  ++m.counts[static_cast<size_t>(r.verdict)];
  size_t artifact = m.artifacts.size();
  m.artifacts.push_back({{"location", {{"uri", pathUri(path)}}}});

  json obligations = json::array();
  for (const ObligationResult &o : r.obligationResults) {
    json ob = {{"code", std::string(diagCodeName(o.code))},
               {"verdict", prover::verdictName(o.verdict)}};
    if (o.range.valid())
      ob["range"] = rangeJson(sources, o.range);
    ob["seconds"] = o.seconds;
    if (o.cached)
      ob["cached"] = true;
    ob["message"] = o.message;
    ob["notes"] = notesJson(sources, o.notes);
    if (o.witness)
      ob["witness"] = witnessJson(*o.witness);
    if (o.verdict == prover::Verdict::Unknown && !o.reason.empty())
      ob["reason"] = o.reason;
    obligations.push_back(std::move(ob));
  }

  // The text output's order: kprove's own error, remarks, errors, warnings, unknowns.
  json diagnostics = json::array();
  if (toolError) {
    diagnostics.push_back({{"severity", "error"},
                           {"code", toolError->code},
                           {"message", toolError->message},
                           {"notes", json::array()}});
    m.addResult(path, artifact, &sources, toolError->code, "error", "error", toolError->message, {},
                {}, std::nullopt);
    m.internalError = m.internalError || toolError->code == "internal";
  }
  for (const Diagnostic &d : r.remarks)
    diagnostics.push_back(m.diagnosticJson(sources, d, "note"));
  for (const Diagnostic &d : r.errors) {
    diagnostics.push_back(m.diagnosticJson(sources, d, "error"));
    m.addResult(path, artifact, &sources, std::string(diagCodeName(d.code)), "error", "error",
                d.message, d.range, d.notes, d.witness);
  }
  for (const Diagnostic &d : r.warnings) {
    diagnostics.push_back(m.diagnosticJson(sources, d, "warning"));
    m.addResult(path, artifact, &sources, std::string(diagCodeName(d.code)), "warning", "warning",
                d.message, d.range, d.notes, d.witness);
  }
  // Unknown: not proved, not refuted. SARIF's kind "open" would need level
  // "none", which code scanning hides; a warning keeps it visible.
  for (const Diagnostic &d : r.unknowns) {
    diagnostics.push_back(m.diagnosticJson(sources, d, "unknown"));
    m.addResult(path, artifact, &sources, std::string(diagCodeName(d.code)), "warning", "unknown",
                d.message, d.range, d.notes, d.witness);
  }

  m.files.push_back({{"path", path},
                     {"verdict", verdictName(r.verdict)},
                     {"seconds", r.seconds},
                     {"replaySeconds", r.replaySeconds},
                     {"obligations", std::move(obligations)},
                     {"diagnostics", std::move(diagnostics)}});
}

std::string MachineReport::toJson() const {
  const Impl &m = *impl_;
  json doc = {{"tool", "kprove"},
              {"version", kVersion},
              {"files", m.files},
              {"summary",
               {{"verified", m.counts[static_cast<size_t>(Verdict::Verified)]},
                {"failed", m.counts[static_cast<size_t>(Verdict::Failed)]},
                {"unknown", m.counts[static_cast<size_t>(Verdict::Unknown)]},
                {"invalid", m.counts[static_cast<size_t>(Verdict::Invalid)]}}}};
  return dump(doc);
}

std::string MachineReport::toSarif() const {
  const Impl &m = *impl_;
  std::string docs = std::string(kHomepage) + "/blob/main/docs/errors.md";
  json rules = json::array();
  for (DiagCode c : allDiagCodes()) {
    std::string code(diagCodeName(c));
    std::string summary(diagCodeSummary(c));
    json rule = {{"id", code},
                 {"shortDescription", {{"text", summary}}},
                 {"helpUri", docs + "#" + errorsDocAnchor(code)},
                 {"defaultConfiguration", {{"level", isWarningCode(c) ? "warning" : "error"}}}};
    std::optional<CodeSection> section = codeSection(code);
    std::string prose = section ? sectionProse(*section) : "";
    rule["fullDescription"] = {{"text", prose.empty() ? summary : prose}};
    if (section)
      rule["help"] = {{"text", section->body}, {"markdown", section->body}};
    rules.push_back(std::move(rule));
  }
  for (const ToolRule &t : kToolRules)
    rules.push_back({{"id", t.id},
                     {"shortDescription", {{"text", t.summary}}},
                     {"fullDescription", {{"text", t.summary}}},
                     {"helpUri", docs},
                     {"defaultConfiguration", {{"level", "error"}}}});
  json run = {{"tool",
               {{"driver",
                 {{"name", "kprove"},
                  {"version", kVersion},
                  {"semanticVersion", kVersion},
                  {"informationUri", kHomepage},
                  {"rules", std::move(rules)}}}}},
              {"invocations", json::array({{{"executionSuccessful", !m.internalError}}})},
              {"columnKind", "utf16CodeUnits"},
              {"artifacts", m.artifacts},
              {"results", m.results}};
  return dump({{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
               {"version", "2.1.0"},
               {"runs", json::array({std::move(run)})}});
}

} // namespace kprove::driver
