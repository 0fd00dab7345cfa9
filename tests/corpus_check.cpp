// Checks one example against the expectation in its header comment:
//   //: expect verified
//   //: expect fail CODE LINE      (one line per expected failure; in examples/ each
//                                 must come with a counterexample note)
//   //: expect invalid CODE LINE   (input errors: parse, type, unsupported)
//   //: expect unknown
//   //: may also fail CODE LINE   (a genuine follow-on failure of a listed bug that a
//                                 failed check, assumed afterwards, may or may not hide)
//   //: flags --int-math (why)    (run with C integers as mathematical integers, and
//                                 say why the example needs it; may follow an expect;
//                                 -D NAME[=VALUE] and -I DIR as on kprove's command line;
//                                 --no-infer: no inferred loop invariants; launch flags
//                                 --local_size/--blockDim, --num_groups/--gridDim,
//                                 --global_size as kprove takes them)
// A failing or invalid example must report exactly the listed (code, line)
// pairs, plus any of the "may also" ones: a missing one is a missed bug, an extra
// one a spurious report.
#include "driver/pipeline.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace kprove;

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: corpus_check FILE\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  std::string line, expectVerdict;
  std::set<std::pair<std::string, unsigned>> expected, optional;
  bool intMath = false, noInfer = false;
  std::vector<std::string> defines, includeDirs;
  // Launch flags as on kprove's command line: local size, number of groups, global size.
  const std::map<std::string, int> launchFlags = {{"--local_size", 0},
                                                  {"--blockDim", 0},
                                                  {"--num_groups", 1},
                                                  {"--gridDim", 1},
                                                  {"--global_size", 2}};
  std::vector<int64_t> launch[3];
  while (std::getline(in, line)) {
    // `//: flags --int-math (why)`, on a line of its own or after an expectation.
    if (auto flags = line.find("//: flags "); flags != std::string::npos) {
      std::istringstream ss(line.substr(flags + 10));
      std::string flag;
      while (ss >> flag && flag.rfind("-", 0) == 0) {
        if (flag == "--int-math") {
          intMath = true;
        } else if (flag == "--no-infer") {
          noInfer = true;
        } else if (std::string value; launchFlags.count(flag.substr(0, flag.find('='))) &&
                                      (flag.find('=') != std::string::npos || ss >> value)) {
          // --local_size=64,2 (or a space): the sizes of the dimensions it names.
          std::string name = flag.substr(0, flag.find('='));
          std::string list =
              flag.find('=') != std::string::npos ? flag.substr(flag.find('=') + 1) : value;
          std::vector<int64_t> &sizes = launch[launchFlags.at(name)];
          sizes.clear();
          std::istringstream items(list);
          for (std::string item; std::getline(items, item, ',');)
            sizes.push_back(std::stoll(item));
        } else if (std::string value; (flag == "-D" || flag == "-I") && ss >> value) {
          (flag == "-D" ? defines : includeDirs).push_back(value);
        } else {
          std::cerr << argv[1] << ": unknown flag '" << flag << "' in the header\n";
          return 1;
        }
      }
      line = line.substr(0, flags);
    }
    if (auto may = line.find("//: may also fail "); may != std::string::npos) {
      std::istringstream ss(line.substr(may + 18));
      std::string code;
      unsigned ln = 0;
      if (ss >> code >> ln)
        optional.emplace(code, ln);
      continue;
    }
    auto pos = line.find("//: expect ");
    if (pos == std::string::npos)
      continue;
    std::istringstream ss(line.substr(pos + 11));
    std::string verdict, code;
    unsigned ln = 0;
    ss >> verdict;
    if (!expectVerdict.empty() && verdict != expectVerdict) {
      std::cerr << argv[1] << ": conflicting expectations\n";
      return 1;
    }
    expectVerdict = verdict;
    if (ss >> code >> ln)
      expected.emplace(code, ln);
  }
  if (expectVerdict.empty()) {
    std::cerr << argv[1] << ": no '//: expect' header\n";
    return 1;
  }
  driver::RunOptions opts;
  opts.timeoutSeconds = KPROVE_TEST_TIMEOUT_SECONDS; // tests/CMakeLists.txt
  opts.jobs = 1;
  opts.launch.intMath = intMath;
  for (int which = 0; which < 3; ++which) {
    std::optional<int64_t>(&to)[3] = which == 0   ? opts.launch.localSize
                                     : which == 1 ? opts.launch.numGroups
                                                  : opts.launch.globalSize;
    for (size_t d = 0; d < 3 && !launch[which].empty(); ++d) // later dimensions: 1
      to[d] = d < launch[which].size() ? launch[which][d] : 1;
    opts.launch.flagDimensions =
        std::max(opts.launch.flagDimensions, static_cast<int>(launch[which].size()));
  }
  opts.inferInvariants = !noInfer;
  opts.defines = defines;
  opts.includeDirs = includeDirs;
  SourceManager sources;
  driver::FileResult r = driver::verifyFile(argv[1], opts, sources);
  DiagnosticEngine render(sources);
  std::set<std::pair<std::string, unsigned>> got;
  for (const Diagnostic &d : r.errors) {
    std::pair<std::string, unsigned> e{diagCodeName(d.code), sources.lineCol(d.range.begin).line};
    if (!optional.count(e) || expected.count(e))
      got.insert(e);
  }
  // Every expected failure of examples/ comes with a counterexample (issue 13): the
  // thread ids, sizes and cells of the solver's model, replayed where the kernel
  // can be run. (Not `vacuous`: a contradiction has no model. The red-team and
  // test corpora hold failures about nothing, e.g. `assert f(3) == 0`.)
  const bool needsWitness = std::string(argv[1]).find("examples/") != std::string::npos;
  std::vector<std::pair<std::string, unsigned>> withoutWitness;
  for (const Diagnostic &d : r.errors) {
    std::pair<std::string, unsigned> e{diagCodeName(d.code), sources.lineCol(d.range.begin).line};
    if (needsWitness && d.code != DiagCode::Vacuous && expected.count(e) && !d.witness)
      withoutWitness.push_back(e);
  }
  if (expectVerdict == "fail")
    expectVerdict = "failed"; // the header says `fail CODE LINE`
  bool ok = driver::verdictName(r.verdict) == expectVerdict &&
            (expectVerdict == "verified" || expectVerdict == "unknown" || got == expected);
  // A failing example must name at least one expected failure.
  ok = ok && (expectVerdict != "failed" || !expected.empty()) && withoutWitness.empty();
  std::cout << argv[1] << ": expected " << expectVerdict << ", got "
            << driver::verdictName(r.verdict) << " (" << r.obligations << " obligations, "
            << r.seconds << " s)\n";
  for (const auto &[c, l] : expected)
    if (!got.count({c, l}))
      std::cout << "  missing: " << c << " at line " << l << "\n";
  for (const auto &[c, l] : got)
    if (!expected.count({c, l}))
      std::cout << "  unexpected: " << c << " at line " << l << "\n";
  for (const auto &[c, l] : withoutWitness)
    std::cout << "  no counterexample: " << c << " at line " << l << "\n";
  for (const Diagnostic &d : r.errors)
    render.render(d, std::cout);
  for (const Diagnostic &d : r.unknowns)
    render.render(d, std::cout);
  return ok ? 0 : 1;
}
