// What a run cost (--stats): obligations by verdict, wall time per stage summed
// over the files, and the slowest obligations with their places. Printed on
// stderr after the verdicts; tests never depend on the times (only on the shape).
#pragma once

#include "driver/pipeline.h"

#include <ostream>
#include <string>
#include <vector>

namespace kprove::driver {

class RunStats {
public:
  // `sources` is where `r`'s ranges live (the file's SourceManager).
  void add(const FileResult &r, const SourceManager &sources);
  void print(std::ostream &os) const;

private:
  struct Slow {
    double seconds;
    std::string place; // FILE:LINE:COL
    std::string code;
    prover::Verdict verdict;
  };
  static constexpr size_t kSlowest = 5;
  size_t files_ = 0, proved_ = 0, failed_ = 0, unknown_ = 0, vacuityQueries_ = 0, cached_ = 0;
  double total_ = 0, replay_ = 0;
  int candidates_ = 0, kept_ = 0; // candidate loop invariants (vcgen/invariant_inference.h)
  StageSeconds stages_;
  std::vector<Slow> slowest_; // sorted, longest first, at most kSlowest
};

} // namespace kprove::driver
