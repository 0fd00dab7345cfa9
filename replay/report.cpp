// Replay (replay/): failures — recorded once per kind, code and place, with
// messages naming the threads, places, source text and values involved.
#include "replay/machine.h"

#include <fmt/format.h>

#include <filesystem>

namespace kprove::replay::detail {

std::string Interpreter::cellName(const CellKey &k) const {
  return fmt::format("{}[{}]", arrays_[static_cast<size_t>(k.array)].name, k.index);
}

std::string Interpreter::where(SourceRange r) const {
  if (!r.valid())
    return "?";
  LineCol lc = sources_.lineCol(r.begin);
  return fmt::format("{}:{}:{}",
                     std::filesystem::path(sources_.path(r.begin.file)).filename().string(),
                     lc.line, lc.col);
}

std::string Interpreter::name(const Thread &t) const {
  if (sk_)
    return fmt::format("thread tid = {}", t.lid[0]);
  std::string ids, groups;
  for (int d = 0; d < 3; ++d)
    if (used_[d] && (d == 0 || lsz_[d] > 1 || ngr_[d] > 1)) {
      ids += fmt::format("{}{} = {}", ids.empty() ? "" : ", ",
                         ir::gpuBuiltinSpelling(ir::gpuBuiltinName("lid", d), cuda_), t.lid[d]);
      groups += fmt::format("{}{} = {}", groups.empty() ? "" : ", ",
                            ir::gpuBuiltinSpelling(ir::gpuBuiltinName("grp", d), cuda_), t.grp[d]);
    }
  return fmt::format("thread {} ({})", ids, groups);
}

std::string Interpreter::spell(const ir::Expr &e) const {
  const SourceRange &r = e.range;
  // The text as written, white space collapsed; a long one is cut (the caret
  // snippet above shows it whole). Rewritten IR is the last resort: it names
  // get_local_id where a CUDA user wrote threadIdx.x.
  constexpr std::size_t kMaxShown = 120;
  if (r.valid() && r.end.file == r.begin.file && r.end.offset > r.begin.offset &&
      r.end.offset - r.begin.offset <= 4000) {
    std::string_view file = sources_.text(r.begin.file);
    if (r.end.offset <= file.size()) {
      std::string_view text = file.substr(r.begin.offset, r.end.offset - r.begin.offset);
      bool quantifier = e.kind == ir::ExprKind::Forall || e.kind == ir::ExprKind::Exists ||
                        e.kind == ir::ExprKind::ForallStar;
      if (text.find_first_of(quantifier ? "{}" : ";{}") == std::string_view::npos &&
          text.find("//") == std::string_view::npos) {
        // One line: runs of white space (a clause over several lines) as one space.
        std::string out;
        for (char ch : text)
          if (ch == '\n' || ch == '\t' || ch == ' ') {
            if (!out.empty() && out.back() != ' ')
              out += ' ';
          } else {
            out += ch;
          }
        if (out.size() > kMaxShown) {
          std::size_t cut = kMaxShown - 3;
          while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80)
            --cut; // not inside a UTF-8 sequence (a written \u2200)
          out = out.substr(0, cut) + "...";
        }
        return out;
      }
    }
  }
  return ir::toString(e);
}

// The values of the variables and cells a (false) expression reads: " (n = 3,
// b[2] = 0)".
std::string Interpreter::valuesOf(const ir::Expr &e, Ctx &c) {
  std::vector<std::string> parts;
  std::set<std::string> seen;
  std::function<void(const ir::Expr &, bool)> visit = [&](const ir::Expr &x, bool old) {
    if (parts.size() >= 8)
      return;
    if (x.kind == ir::ExprKind::Forall || x.kind == ir::ExprKind::Exists ||
        x.kind == ir::ExprKind::ForallStar)
      return; // the binders have no value here
    if (x.kind == ir::ExprKind::Old) {
      visit(*x.args[0], true);
      return;
    }
    try {
      Ctx q = c;
      q.checkReads = false;
      q.clause = true;
      q.old = old;
      if (x.kind == ir::ExprKind::Var) {
        // The user's variables (thread ids and sizes are in the thread's name and
        // the launch).
        std::string shown;
        bool isBound = std::any_of(bound_.begin(), bound_.end(),
                                   [&](const auto &b) { return b.first == x.name; });
        if (!isBound && x.name.find('$') == std::string::npos &&
            !(sk_ && (x.name == "tid" || x.name == "lid" || x.name == "gid" || x.name == "gsize" ||
                      x.name == "tcount")))
          shown = ir::sourceName(x.name);
        Val v = eval(x, q);
        if (!shown.empty() && v.k == Val::K::Int && seen.insert(shown).second)
          parts.push_back(fmt::format("{} = {}", old ? "\\old(" + shown + ")" : shown, str(v.i)));
        return;
      }
      if (x.kind == ir::ExprKind::Index) {
        CellKey k = cellOf(x, q, "reads");
        Val v = eval(x, q);
        std::string shown = (old ? "\\old(" : "") + cellName(k) + (old ? ")" : "");
        if (seen.insert(shown).second)
          parts.push_back(fmt::format("{} = {}", shown, str(v.i)));
      }
    } catch (const NotReplayable &) {
      return;
    } catch (const Stop &) {
      return;
    }
    for (const ir::ExprPtr &a : x.args)
      if (a)
        visit(*a, old);
  };
  bool muted = muted_;
  muted_ = true; // evaluating for the message reports nothing
  visit(e, c.old);
  muted_ = muted;
  std::string out;
  if (!forallValues_.empty() && e.kind == ir::ExprKind::Forall) {
    out = " with " + forallValues_;
    forallValues_.clear();
  }
  for (const std::string &p : parts)
    out += (out.empty() ? " (" : ", ") + p;
  if (!parts.empty())
    out += ")";
  return out;
}

// Whether thread t is the one the inputs name (the model's thread).
bool Interpreter::isFocus(const Thread &t) const {
  if (!focus_)
    return false;
  for (int d = 0; d < 3; ++d)
    if (t.lid[d] != (*focus_)[static_cast<size_t>(d)] ||
        t.grp[d] != (*focus_)[static_cast<size_t>(d) + 3])
      return false;
  return true;
}

// Records a failure once per kind, code and places, and once more for the
// model's thread; `threads` are the threads involved.
void Interpreter::fail(Failure::Kind kind, DiagCode code, SourceRange range, SourceRange other,
                       std::string text, bool fatal, std::vector<const Thread *> threads) {
  bool focus = false;
  for (const Thread *t : threads)
    focus = focus || isFocus(*t);
  auto key = std::make_tuple(static_cast<int>(kind), static_cast<int>(code), range.begin.offset,
                             other.begin.offset, focus);
  if (!muted_ && failures_.size() < 128 && reported_.insert(key).second)
    failures_.push_back({kind, code, range, other, std::move(text), focus});
  if (fatal)
    throw Stop{};
}

} // namespace kprove::replay::detail
