// Catch2 checks of a PVL snippet's verdict and errors, shared by the test files
// that verify many small programs (test_vcgen.cpp, test_pvl_vercors.cpp, test_c_*.cpp).
#pragma once

#include "snippet.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <utility>

namespace kprove::testing {

// (diagnostic code, line) of each error a run reported.
using ErrorSet = std::set<std::pair<std::string, unsigned>>;

inline void expectFail(const std::string &src, const ErrorSet &expected) {
  auto r = runSnippet(src);
  INFO(src);
  CHECK(r.verdict == driver::Verdict::Failed);
  CHECK(r.errors == expected);
}

inline void expectVerified(const std::string &src) {
  auto r = runSnippet(src);
  INFO(src);
  for (const auto &[code, line] : r.errors)
    INFO(code << " at line " << line);
  CHECK(r.errors.empty());
  CHECK(r.verdict == driver::Verdict::Verified);
}

// `src` (a file with extension `ext`) ends with `verdict` and exactly these errors;
// on a mismatch the source and every error's line and message are shown.
inline void expectOutcome(const std::string &src, driver::Verdict verdict, const ErrorSet &errors,
                          const std::string &ext, const std::string &name = "snippet") {
  auto r = runSnippet(src, name, ext);
  INFO(src);
  for (const auto &[code, line] : r.errors)
    INFO(code << " at line " << line);
  for (const Diagnostic &d : r.raw.errors)
    INFO(d.message);
  CHECK(r.verdict == verdict);
  CHECK(r.errors == errors);
}

// True when some diagnostic's message contains `what` (errors, or remarks).
inline bool mentions(const std::vector<Diagnostic> &ds, const std::string &what) {
  for (const Diagnostic &d : ds)
    if (d.message.find(what) != std::string::npos)
      return true;
  return false;
}

// True when some error's message contains `what`.
inline bool mentions(const SnippetResult &r, const std::string &what) {
  return mentions(r.raw.errors, what);
}

// `s` with the first `from` replaced by `to` (a failing sibling of a snippet);
// `from` must occur.
inline std::string replaced(std::string s, const std::string &from, const std::string &to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

} // namespace kprove::testing
