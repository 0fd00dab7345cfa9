#include "lsp/features.h"

#include <algorithm>
#include <cstdio>

namespace kprove::lsp {

LineIndex::LineIndex(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      starts_.push_back(i + 1);
}

uint32_t LineIndex::line(uint32_t offset) const {
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  return static_cast<uint32_t>(it - starts_.begin()) - 1;
}

json LineIndex::position(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  uint32_t l = line(offset);
  return {{"line", l}, {"character", utf16Units(text_.substr(starts_[l], offset - starts_[l]))}};
}

json LineIndex::range(const SourceRange &r) const {
  uint32_t end = std::max(r.begin.offset, r.end.offset);
  return {{"start", position(r.begin.offset)}, {"end", position(end)}};
}

uint32_t LineIndex::offset(int64_t line, int64_t character) const {
  if (line < 0)
    return 0;
  if (static_cast<size_t>(line) >= starts_.size())
    return static_cast<uint32_t>(text_.size());
  uint32_t at = starts_[line];
  int64_t units = 0;
  while (at < text_.size() && text_[at] != '\n' && units < character) {
    auto c = static_cast<unsigned char>(text_[at]);
    units += c >= 0xF0 ? 2 : 1;
    ++at;
    while (at < text_.size() && (static_cast<unsigned char>(text_[at]) & 0xC0) == 0x80)
      ++at;
  }
  return at;
}

std::string formatSeconds(double s) {
  char buf[32];
  if (s < 0.1)
    std::snprintf(buf, sizeof buf, "%.0f ms", s * 1000);
  else
    std::snprintf(buf, sizeof buf, "%.1f s", s);
  return buf;
}

json diagnosticJson(const Diagnostic &d, int severity, const LineIndex &lines,
                    const std::string &uri) {
  json related = json::array();
  for (const DiagNote &n : d.notes)
    if (n.range.valid())
      related.push_back(
          {{"location", {{"uri", uri}, {"range", lines.range(n.range)}}}, {"message", n.message}});
  // Notes without a place (a failure's counterexample) belong to the message.
  std::string message = d.message;
  for (const DiagNote &n : d.notes)
    if (!n.range.valid())
      message += "\n" + n.message;
  json out = {{"range", lines.range(d.range)},
              {"severity", severity},
              {"source", "kprove"},
              {"message", message}};
  if (severity != 3)
    out["code"] = std::string(diagCodeName(d.code));
  if (!related.empty())
    out["relatedInformation"] = std::move(related);
  return out;
}

json diagnosticsParams(const Analysis &a) {
  LineIndex lines(a.text);
  json list = json::array();
  const driver::FileResult &r = a.result;
  for (const Diagnostic &d : r.errors)
    list.push_back(diagnosticJson(d, 1, lines, a.uri));
  for (const Diagnostic &d : r.unknowns)
    list.push_back(diagnosticJson(d, 2, lines, a.uri));
  for (const Diagnostic &d : r.warnings)
    list.push_back(diagnosticJson(d, 2, lines, a.uri));
  for (const Diagnostic &d : r.remarks)
    list.push_back(diagnosticJson(d, 3, lines, a.uri));
  return {{"uri", a.uri}, {"version", a.version}, {"diagnostics", std::move(list)}};
}

namespace {

bool within(const SourceRange &inner, const SourceRange &outer) {
  return outer.begin.offset <= inner.begin.offset && inner.begin.offset < outer.end.offset;
}

// The obligations blamed on a part of `range`: their count, failures, unknowns, time;
// and the file's errors and unknowns there that are no obligation's (a contradictory
// precondition, `vacuous`; launch flags no launch has, `kernel.spec`), which make
// every proof about that code vacuous.
struct Tally {
  size_t total = 0, failed = 0, unknown = 0;
  double seconds = 0;
  std::vector<const driver::ObligationResult *> bad;
  std::vector<const Diagnostic *> otherErrors, otherUnknowns;
};

bool isObligation(const Diagnostic &d, const driver::FileResult &r) {
  for (const driver::ObligationResult &o : r.obligationResults)
    if (o.code == d.code && o.range.begin.offset == d.range.begin.offset && o.message == d.message)
      return true;
  return false;
}

Tally tally(const driver::FileResult &r, const SourceRange &range) {
  Tally t;
  for (const driver::ObligationResult &o : r.obligationResults) {
    if (!o.range.valid() || !within(o.range, range))
      continue;
    ++t.total;
    t.seconds += o.seconds;
    if (o.verdict == prover::Verdict::Failed) {
      ++t.failed;
      t.bad.push_back(&o);
    } else if (o.verdict == prover::Verdict::Unknown) {
      ++t.unknown;
      t.bad.push_back(&o);
    }
  }
  for (auto [from, to] : {std::pair{&r.errors, &t.otherErrors}, {&r.unknowns, &t.otherUnknowns}})
    for (const Diagnostic &d : *from)
      if (d.range.valid() && within(d.range, range) && !isObligation(d, r))
        to->push_back(&d);
  return t;
}

// The file's errors and unknowns that are no obligation's (vacuous, kernel.spec).
size_t problemsNoObligationHolds(const driver::FileResult &r) {
  size_t n = 0;
  for (const std::vector<Diagnostic> *list : {&r.errors, &r.unknowns})
    for (const Diagnostic &d : *list)
      n += isObligation(d, r) ? 0 : 1;
  return n;
}

// The file's errors and unknowns that no symbol of the outline holds (a C contract
// sits before its kernel): a lens inside such a file never says "verified".
size_t unplacedProblems(const driver::FileResult &r) {
  size_t n = 0;
  for (const std::vector<Diagnostic> *list : {&r.errors, &r.unknowns})
    for (const Diagnostic &d : *list) {
      bool placed = false;
      for (const driver::OutlineSymbol &s : r.outline.symbols)
        placed = placed || (s.kind != driver::OutlineSymbol::Kind::ParBlock && d.range.valid() &&
                            within(d.range, s.range));
      n += placed ? 0 : 1;
    }
  return n;
}

std::string plural(size_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace

std::optional<json> hover(const Analysis &a, int64_t line, int64_t character) {
  LineIndex lines(a.text);
  uint32_t at = lines.offset(line, character);
  // The innermost clause holding the position, else the first one on its line.
  const driver::OutlineClause *best = nullptr;
  auto size = [](const driver::OutlineClause &c) {
    return c.range.end.offset - c.range.begin.offset;
  };
  for (const driver::OutlineClause &c : a.result.outline.clauses)
    if (c.range.begin.offset <= at && at < c.range.end.offset && (!best || size(c) < size(*best)))
      best = &c;
  for (const driver::OutlineClause &c : a.result.outline.clauses)
    if (!best && lines.line(c.range.begin.offset) <= static_cast<uint32_t>(line) &&
        static_cast<uint32_t>(line) <= lines.line(c.range.end.offset))
      best = &c;
  if (!best)
    return std::nullopt;
  std::string kind =
      std::string(best->barrier ? "barrier " : "") + driver::clauseKindName(best->kind);
  Tally t = tally(a.result, best->range);
  std::string text = "**" + kind + "** — ";
  if (a.result.cancelled)
    text += "verification was cancelled (the file changed)";
  else if (!t.otherErrors.empty())
    text += "**failed**: " + t.otherErrors.front()->message;
  else if (t.total == 0 && t.otherUnknowns.empty())
    text += "no obligation is checked against this clause here (it is assumed; whoever "
            "establishes it is checked)";
  else if (t.failed)
    text += "**failed**: " + std::to_string(t.failed) + " of " + plural(t.total, "obligation") +
            ", " + formatSeconds(t.seconds);
  else if (t.unknown || !t.otherUnknowns.empty())
    text += "**unknown**: " + std::to_string(t.unknown + t.otherUnknowns.size()) + " of " +
            plural(t.total + t.otherUnknowns.size(), "obligation") + " undecided, " +
            formatSeconds(t.seconds);
  else if (size_t other = problemsNoObligationHolds(a.result))
    // A contradictory precondition elsewhere (vacuous) may be what these proofs rest on.
    text += "proved: " + plural(t.total, "obligation") + " in " + formatSeconds(t.seconds) +
            ", but the file has " + plural(other, "problem") +
            " that may make proofs vacuous (see them)";
  else
    text += "verified: " + plural(t.total, "obligation") + " in " + formatSeconds(t.seconds);
  for (const driver::ObligationResult *o : t.bad)
    text += "\n\n- `" + std::string(diagCodeName(o->code)) + "` " + o->message;
  for (const std::vector<const Diagnostic *> *list : {&t.otherErrors, &t.otherUnknowns})
    for (const Diagnostic *d : *list)
      text += "\n\n- `" + std::string(diagCodeName(d->code)) + "` " + d->message;
  return json{{"contents", {{"kind", "markdown"}, {"value", text}}},
              {"range", lines.range(best->range)}};
}

json codeLenses(const Analysis &a) {
  LineIndex lines(a.text);
  json out = json::array();
  const driver::FileResult &r = a.result;
  size_t unplaced = unplacedProblems(r);
  for (const driver::OutlineSymbol &s : r.outline.symbols) {
    if (s.kind == driver::OutlineSymbol::Kind::ParBlock)
      continue;
    Tally t = tally(r, s.range);
    std::string title;
    if (r.cancelled)
      title = "verification cancelled";
    else if (r.verdict == driver::Verdict::Invalid)
      title = "not verified: the file has input errors";
    else if (!t.otherErrors.empty())
      title = "failed: " + std::string(diagCodeName(t.otherErrors.front()->code)) + " (" +
              plural(t.failed + t.otherErrors.size(), "error") + ")";
    else if (t.failed)
      title = "failed: " + std::to_string(t.failed) + " of " + plural(t.total, "obligation") +
              " in " + formatSeconds(t.seconds);
    else if (t.unknown || !t.otherUnknowns.empty())
      title = "unknown: " + std::to_string(t.unknown + t.otherUnknowns.size()) + " of " +
              plural(t.total + t.otherUnknowns.size(), "obligation") + " undecided";
    else if (unplaced > 0)
      title =
          "not verified: the file has " + plural(unplaced, "problem") + " outside its declarations";
    else
      title =
          "verified in " + formatSeconds(t.seconds) + " (" + plural(t.total, "obligation") + ")";
    SourceRange at = s.nameRange.valid() ? s.nameRange : s.range;
    out.push_back({{"range", lines.range(at)}, {"command", {{"title", title}, {"command", ""}}}});
  }
  return out;
}

std::optional<json> definition(const Analysis &a, int64_t line, int64_t character) {
  LineIndex lines(a.text);
  uint32_t at = lines.offset(line, character);
  const driver::Outline &o = a.result.outline;
  auto location = [&](const driver::OutlineSymbol &s) {
    return json{{"uri", a.uri}, {"range", lines.range(s.nameRange)}};
  };
  for (const driver::OutlineReference &ref : o.references)
    if (ref.range.begin.offset <= at && at <= ref.range.end.offset)
      return location(o.symbols[ref.symbol]);
  for (const driver::OutlineSymbol &s : o.symbols)
    if (s.nameRange.begin.offset <= at && at <= s.nameRange.end.offset)
      return location(s);
  return std::nullopt;
}

} // namespace kprove::lsp
