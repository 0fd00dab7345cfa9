#include "logic/spelling.h"

#include <algorithm>

namespace kprove {

size_t editDistance(std::string_view a, std::string_view b) {
  // Optimal string alignment distance, three rows.
  std::vector<size_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    prev2.swap(prev);
    prev.swap(cur);
  }
  return prev[b.size()];
}

std::optional<std::string> nearestName(std::string_view name,
                                       const std::vector<std::string> &candidates) {
  if (name.size() <= 1)
    return std::nullopt;
  size_t limit = name.size() <= 4 ? 1 : 2;
  std::optional<std::string> best;
  size_t bestDistance = limit + 1;
  for (const std::string &c : candidates) {
    if (c == name || c.empty())
      continue;
    // A cheap bound first: the distance is at least the difference in length.
    size_t diff = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (diff >= bestDistance)
      continue;
    size_t d = editDistance(name, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

std::string didYouMean(std::string_view name, const std::vector<std::string> &candidates) {
  auto n = nearestName(name, candidates);
  return n ? "; did you mean '" + *n + "'?" : std::string();
}

} // namespace kprove
