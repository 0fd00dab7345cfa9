#include "driver/run_stats.h"

#include <algorithm>
#include <fmt/format.h>

namespace kprove::driver {

void RunStats::add(const FileResult &r, const SourceManager &sources) {
  ++files_;
  total_ += r.seconds;
  vacuityQueries_ += r.vacuityQueries;
  stages_.frontEnd += r.stages.frontEnd;
  stages_.typecheck += r.stages.typecheck;
  stages_.vcgen += r.stages.vcgen;
  stages_.prove += r.stages.prove;
  stages_.vacuity += r.stages.vacuity;
  stages_.inference += r.stages.inference;
  replay_ += r.replaySeconds;
  candidates_ += r.inference.candidates;
  kept_ += r.inference.kept;
  for (const ObligationResult &o : r.obligationResults) {
    cached_ += o.cached;
    switch (o.verdict) {
    case prover::Verdict::Proved:
      ++proved_;
      break;
    case prover::Verdict::Failed:
      ++failed_;
      break;
    case prover::Verdict::Unknown:
      ++unknown_;
      break;
    }
    std::string place = r.path;
    if (o.range.valid()) {
      LineCol at = sources.lineCol(o.range.begin);
      place += fmt::format(":{}:{}", at.line, at.col);
    }
    slowest_.push_back({o.seconds, std::move(place), std::string(diagCodeName(o.code)), o.verdict});
  }
  // Longest first; ties in the order the obligations came (stable).
  std::stable_sort(slowest_.begin(), slowest_.end(),
                   [](const Slow &a, const Slow &b) { return a.seconds > b.seconds; });
  if (slowest_.size() > kSlowest)
    slowest_.resize(kSlowest);
}

void RunStats::print(std::ostream &os) const {
  auto verdictWord = [](prover::Verdict v) {
    return v == prover::Verdict::Proved   ? "proved"
           : v == prover::Verdict::Failed ? "failed"
                                          : "unknown";
  };
  os << fmt::format("kprove stats: {} file{}, {} obligation{} ({} proved, {} failed, {} "
                    "unknown), {} vacuity quer{}{}\n",
                    files_, files_ == 1 ? "" : "s", proved_ + failed_ + unknown_,
                    proved_ + failed_ + unknown_ == 1 ? "" : "s", proved_, failed_, unknown_,
                    vacuityQueries_, vacuityQueries_ == 1 ? "y" : "ies",
                    cached_ ? fmt::format("; {} answer{} from the proof cache (--cache)", cached_,
                                          cached_ == 1 ? "" : "s")
                            : "");
  os << fmt::format("kprove stats: time {:.2f} s: front end {:.2f} s, type check {:.2f} s, "
                    "VC generation {:.2f} s, obligations {:.2f} s, vacuity checks {:.2f} s\n",
                    total_, stages_.frontEnd, stages_.typecheck, stages_.vcgen, stages_.prove,
                    stages_.vacuity);
  if (candidates_ || replay_ > 0)
    os << fmt::format("kprove stats: inferred loop invariants: {} of {} candidates kept ({:.2f} "
                      "s); replay {:.2f} s\n",
                      kept_, candidates_, stages_.inference, replay_);
  if (slowest_.empty())
    return;
  os << "kprove stats: slowest obligations (solver time):\n";
  for (const Slow &s : slowest_)
    os << fmt::format("  {:7.2f} s  {} {} ({})\n", s.seconds, s.place, s.code,
                      verdictWord(s.verdict));
}

} // namespace kprove::driver
