// "Did you mean ...?" for misspelled names (issue 13): the nearest candidate by
// edit distance. One helper for both front ends and the type checker.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kprove {

// Levenshtein distance (insertions, deletions, substitutions of single bytes) and
// transpositions of two adjacent bytes (`lenght` is one edit from `length`).
size_t editDistance(std::string_view a, std::string_view b);

// The candidate nearest to `name`, if it is close enough to be a likely slip:
// distance at most 2, at most 1 when `name` has at most 4 characters (`i` is not
// a misspelling of `n`: names of one character get no suggestion). Ties go to
// the first candidate in `candidates`' order; `name` itself is never suggested.
std::optional<std::string> nearestName(std::string_view name,
                                       const std::vector<std::string> &candidates);

// "; did you mean 'NAME'?" for the nearest candidate, or "".
std::string didYouMean(std::string_view name, const std::vector<std::string> &candidates);

} // namespace kprove
