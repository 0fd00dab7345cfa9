// kprove [options] FILE...  — exit 0 all proved, 1 a failure, 2 input error,
// 3 nothing failed but something is unknown. `kprove lsp` is the language server
// (lsp/server.h); --json and --sarif print driver/report_json.h's documents
// instead of the text, --explain CODE a section of docs/errors.md.
#include "driver/explain.h"
#include "driver/pipeline.h"
#include "driver/proof_cache.h"
#include "driver/report_json.h"
#include "driver/run_stats.h"
#include "driver/stdlib_dir.h"
#include "lsp/server.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <new>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

// Directories stand for the kernels in them (.pvl, .cl, .cu, recursively, in path
// order, so a run's output does not depend on the file system's order); other
// arguments are files, checked when they are read. "" or the error.
std::string expandInputs(const std::vector<std::string> &args, std::vector<std::string> &out) {
  namespace fs = std::filesystem;
  for (const std::string &arg : args) {
    std::error_code ec;
    if (!fs::is_directory(arg, ec)) {
      out.push_back(arg);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(arg, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
      std::string ext = it->path().extension().string();
      if (it->is_regular_file(ec) && (ext == ".pvl" || ext == ".cl" || ext == ".cu"))
        found.push_back(it->path().string());
    }
    if (ec)
      return "cannot read directory '" + arg + "': " + ec.message();
    if (found.empty())
      return "directory '" + arg + "' holds no .pvl, .cl or .cu file";
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return "";
}

bool isCFile(const std::string &f) {
  auto ends = [&](const char *x) {
    std::string e(x);
    return f.size() >= e.size() && f.compare(f.size() - e.size(), e.size(), e) == 0;
  };
  return ends(".cl") || ends(".cu") || ends(".c");
}

// kprove models launches of uniform work-groups (every group has the local size)
// with local size x number of groups = global size in each dimension, unnamed
// dimensions being 1. Flags that contradict this would make every obligation
// vacuous, so they are a usage error; "" when consistent. (Sizes <= 0 are
// rejected by the flags' ranges.)
std::string launchFlagError(const std::vector<int64_t> &local, const std::vector<int64_t> &groups,
                            const std::vector<int64_t> &global) {
  auto at = [](const std::vector<int64_t> &v, size_t d) { return d < v.size() ? v[d] : 1; };
  auto show = [](const std::vector<int64_t> &v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i)
      s += (i ? "," : "") + std::to_string(v[i]);
    return s;
  };
  std::string dims;
  {
    std::vector<std::pair<const char *, size_t>> named;
    for (auto [flag, v] : {std::pair{"--local_size", &local}, std::pair{"--num_groups", &groups},
                           std::pair{"--global_size", &global}})
      if (!v->empty())
        named.emplace_back(flag, v->size());
    bool differ = false;
    for (auto &[flag, n] : named)
      differ = differ || n != named.front().second;
    if (differ) {
      dims = " (the flags name different numbers of dimensions; an unnamed dimension is 1:";
      for (size_t i = 0; i < named.size(); ++i)
        dims += std::string(i ? "," : "") + " " + named[i].first + " names " +
                std::to_string(named[i].second);
      dims += ")";
    }
  }
  for (size_t d = 0; d < 3; ++d) {
    int64_t l = at(local, d), n = at(groups, d), g = at(global, d);
    std::string where = " in dimension " + std::to_string(d) + dims;
    if (!local.empty() && !groups.empty() && !global.empty()) {
      if (l * n != g)
        return "inconsistent launch flags: --local_size=" + show(local) +
               " times --num_groups=" + show(groups) + " is not --global_size=" + show(global) +
               ": " + std::to_string(l) + " x " + std::to_string(n) + " = " +
               std::to_string(l * n) + ", not " + std::to_string(g) + where;
    } else if (!local.empty() && !global.empty()) {
      if (g % l != 0)
        return "inconsistent launch flags: --global_size=" + show(global) +
               " is not a multiple of --local_size=" + show(local) + ": " + std::to_string(g) +
               " is not a multiple of " + std::to_string(l) + where +
               "; kprove assumes uniform work-groups (every work group has the local size; "
               "OpenCL 2.0's non-uniform work-groups are not modelled)";
    } else if (!groups.empty() && !global.empty()) {
      if (g % n != 0)
        return "inconsistent launch flags: --global_size=" + show(global) +
               " is not a multiple of --num_groups=" + show(groups) + ": " + std::to_string(g) +
               " threads cannot form " + std::to_string(n) + " uniform work groups" + where;
    }
  }
  return "";
}

// What `kprove --help` ends with: what the exit code says and where to read on.
constexpr const char *helpFooter =
    "Exit codes: 0 every obligation proved (verified), 1 at least one failed, 2 input error\n"
    "(usage, parse, type, unsupported), 3 nothing failed but something is unknown\n"
    "(a solver timeout or unknown).\n"
    "\n"
    "kprove lsp [--timeout SECONDS] [--jobs N] [--stdlib DIR]: a language server over\n"
    "stdin/stdout.\n"
    "\n"
    "Documentation: README.md and docs/ (tutorial: docs/tutorial/README.md) in the\n"
    "source tree; installed copies: share/doc/kprove/ next to bin/.";

} // namespace

int main(int argc, char **argv) {
  using namespace kprove;
  if (argc > 1 && std::string(argv[1]) == "lsp")
    return lsp::runLanguageServer(argc - 1, argv + 1);
  CLI::App app{"kprove: deductive verifier for GPU kernels (permission-based separation logic)",
               "kprove"};
  driver::RunOptions opts;
  std::vector<std::string> files;
  app.add_option("FILE", files,
                 "PVL (.pvl), OpenCL (.cl) or CUDA (.cu) files to verify; a directory stands "
                 "for the .pvl, .cl and .cu files in it and below, in path order")
      ->type_name("")
      ->required();
  app.footer(helpFooter);
  // Every range below is stated in its option's description; an empty validator
  // description keeps CLI11's "UINT:UINT in [1 - 86400]" out of the help.
  // GPUVerify-compatible launch sizes: 1 to 3 comma-separated values (x, y, z).
  std::vector<int64_t> localSize, numGroups, globalSize;
  auto launchFlag = [&](const char *flag, std::vector<int64_t> &to, const char *what) {
    app.add_option(flag, to, what)
        ->type_name("X[,Y[,Z]]")
        ->delimiter(',')
        ->expected(1, 3)
        ->check(CLI::Validator(CLI::Range(int64_t{1}, int64_t{1} << 31)).description(""));
  };
  launchFlag("--local_size,--blockDim", localSize,
             "work-group (block) size per dimension (default: every size the contract allows)");
  launchFlag("--num_groups,--gridDim", numGroups,
             "number of work groups (blocks) per dimension (default: every number)");
  launchFlag("--global_size", globalSize, "total threads per dimension (OpenCL)");
  // C's preprocessor, as for a compiler (one value per flag: -D N -D M=2, -DN).
  app.add_option("-D", opts.defines,
                 "C files: define a macro, NAME or NAME=VALUE (may repeat); annotations may name "
                 "macros that expand to an integer literal")
      ->type_name("NAME[=VALUE]")
      ->allow_extra_args(false);
  app.add_option("-I", opts.includeDirs,
                 "C files: add a directory to search for #include (may repeat; \"x.h\" is "
                 "first looked for next to the file)")
      ->type_name("DIR")
      ->allow_extra_args(false);
  app.add_flag("--int-math", opts.launch.intMath,
               "C integers as mathematical integers (VerCors's semantics): no wrap-around, no "
               "overflow obligations, no launch-size limits");
  app.add_option("--rlimit", opts.rlimit,
                 fmt::format("per-obligation solver budget in Z3 resource units, 0 to 4000000000 "
                             "(default {}; 0: none); deterministic: an obligation that exhausts "
                             "it is unknown, exit 3, on every machine and under any load",
                             opts.rlimit))
      ->type_name("UNITS")
      ->check(CLI::Validator(CLI::Range(0u, 4000000000u)).description(""));
  app.add_option("--timeout", opts.timeoutSeconds,
                 fmt::format("per-obligation limit on the solver's CPU time (10x that on the clock against a "
                             "stuck solver), 1 to 86400 (default {}); a timeout is unknown, exit 3",
                             opts.timeoutSeconds))
      ->type_name("SECONDS")
      ->check(CLI::Validator(CLI::Range(1u, 86400u)).description(""));
  // Every core by default: each obligation gets a fresh solver context, so the
  // verdict does not depend on the job count (scripts/seeds checks it).
  opts.jobs = std::clamp(std::thread::hardware_concurrency(), 1u, 256u);
  app.add_option("--jobs", opts.jobs,
                 fmt::format("obligations proved in parallel, 1 to 256 (default: the number of "
                             "cores, {}); the verdict does not depend on it",
                             opts.jobs))
      ->type_name("N")
      ->check(CLI::Validator(CLI::Range(1u, 256u)).description(""));
  app.add_option("--seed", opts.randomSeed,
                 fmt::format("the solver's random seed (default {})", opts.randomSeed))
      ->type_name("N");
  bool noReplay = false;
  app.add_flag("--no-replay", noReplay,
               "do not run kernels concretely to confirm failures (by default a failed check's "
               "counterexample is replayed: note 'counterexample (replayed)')");
  bool useCache = false;
  std::string cacheDir;
  app.add_flag("--cache", useCache,
               "reuse the solver's answers to obligations whose query, solver and settings "
               "are unchanged, kept in KPROVE_CACHE_DIR, else XDG_CACHE_HOME/kprove, else "
               "~/.cache/kprove (proved and failed answers only)");
  app.add_option("--cache-dir", cacheDir, "like --cache, with the answers kept in this directory")
      ->type_name("DIR");
  app.add_option("--dump-smt", opts.dumpSmtDir,
                 "write each obligation as a standalone SMT-LIB file into this directory")
      ->type_name("DIR");
  unsigned memoryMb = 0;
  app.add_option("--memory", memoryMb,
                 "address-space limit in MiB, up to 4194304 (default 0: none); running out "
                 "is an error, never a proof")
      ->type_name("MIB")
      ->check(CLI::Validator(CLI::Range(0u, 1u << 22)).description(""));
  std::string stdlibFlag;
  app.add_option("--stdlib", stdlibFlag,
                 "directory holding kprove's opencl.h and cuda.h (default: KPROVE_STDLIB, else "
                 "share/kprove/stdlib-specs next to the executable, else the source tree)")
      ->type_name("DIR");
  // Runs while parsing (like --version), so it needs no input files.
  app.add_flag_callback(
      "--print-stdlib-dir",
      [&stdlibFlag] {
        const char *env = std::getenv("KPROVE_STDLIB");
        std::string dir = !stdlibFlag.empty() ? stdlibFlag
                          : env && *env       ? std::string(env)
                                              : driver::defaultStdlibDir();
        if (!driver::isStdlibDir(dir)) {
          std::cerr << "kprove: error: no stdlib-specs directory found"
                    << (dir.empty() ? "" : " ('" + dir + "' has no opencl.h and cuda.h)") << "\n";
          throw CLI::RuntimeError(2);
        }
        std::cout << dir << "\n";
        throw CLI::Success();
      },
      "print the stdlib-specs directory kprove would use, and exit");
  std::string colorFlag = "auto";
  app.add_option("--color", colorFlag,
                 "colour the diagnostics: auto (when stderr is a terminal and NO_COLOR is "
                 "unset; the default), always or never")
      ->type_name("WHEN")
      ->check(CLI::Validator(CLI::IsMember({"auto", "always", "never"})).description(""));
  std::string formatFlag = "kprove";
  app.add_option("--diagnostics-format", formatFlag,
                 "kprove (the default: error[CODE]: message) or gcc (FILE:LINE:COL: error: "
                 "message [CODE], for editors' problem matchers)")
      ->type_name("FORMAT")
      ->check(CLI::Validator(CLI::IsMember({"kprove", "gcc"})).description(""));
  std::string stdinLang;
  app.add_option("--lang", stdinLang,
                 "the language of a kernel read from standard input (FILE '-'): pvl, cl or cu")
      ->type_name("LANG")
      ->check(CLI::Validator(CLI::IsMember({"pvl", "cl", "cu"})).description(""));
  bool quiet = false;
  app.add_flag("--quiet,-q", quiet,
               "leave out the notes on assumptions kprove made (e.g. the 1-D launch); errors, "
               "unknowns, warnings and verdicts are printed as always");
  bool statsOutput = false;
  app.add_flag("--stats", statsOutput,
               "after the verdicts, print on stderr the obligations by verdict, the time per "
               "stage and the slowest obligations");
  bool noInfer = false;
  app.add_flag("--no-infer", noInfer,
               "do not infer loop invariants about counters (by default candidates such as "
               "i >= 0 or (i - start) % step == 0 are kept when proved, docs/language.md §4)");
  app.add_flag("--dump-ir", opts.dumpIr,
               "print the kernel IR that is verified (after type checking and invariant "
               "inference) on stdout, before the verdict");
  bool jsonOutput = false, sarifOutput = false;
  auto *jsonFlag = app.add_flag("--json", jsonOutput,
                                "print one JSON document (verdicts, obligations, diagnostics) "
                                "instead of the text; exit codes unchanged");
  app.add_flag("--sarif", sarifOutput,
               "print a SARIF 2.1.0 log (for GitHub code scanning) instead of the text; exit "
               "codes unchanged")
      ->excludes(jsonFlag);
  // Runs while parsing, so it needs no input files.
  app.add_option_function<std::string>(
         "--explain",
         [](const std::string &code) {
           if (std::optional<std::string> text = driver::explainCode(code)) {
             std::cout << *text;
             throw CLI::Success();
           }
           std::cerr << "kprove: error: '" << code
                     << "' is not a diagnostic code; the codes are: " << driver::allCodeNames()
                     << "\n";
           throw CLI::RuntimeError(2);
         },
         "print what a diagnostic code (e.g. perm.read) means, with an example, and exit")
      ->type_name("CODE");
  app.set_version_flag("--version", std::string("kprove " KPROVE_VERSION));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }

  if (std::string e = launchFlagError(localSize, numGroups, globalSize); !e.empty()) {
    std::cerr << "kprove: error: " << e << "\n";
    return 2;
  }
  auto pin = [](const std::vector<int64_t> &from, std::optional<int64_t>(&to)[3]) {
    for (size_t d = 0; d < from.size() && d < 3; ++d)
      to[d] = from[d];
    // Naming fewer dimensions pins the others to 1, as GPUVerify does.
    if (!from.empty())
      for (size_t d = from.size(); d < 3; ++d)
        to[d] = 1;
  };
  opts.replay = !noReplay;
  opts.inferInvariants = !noInfer;
  if (!cacheDir.empty())
    opts.cacheDir = cacheDir;
  else if (useCache)
    opts.cacheDir = driver::defaultCacheDir().string();
  opts.launch.flagDimensions =
      static_cast<int>(std::max({localSize.size(), numGroups.size(), globalSize.size()}));
  pin(localSize, opts.launch.localSize);
  pin(numGroups, opts.launch.numGroups);
  pin(globalSize, opts.launch.globalSize);
  if (const char *dir = std::getenv("KPROVE_STDLIB"); dir && *dir)
    opts.stdlibDir = dir;
  if (!stdlibFlag.empty())
    opts.stdlibDir = stdlibFlag;

  // --memory limits verifying a file (the soft limit), not writing its result: the
  // heap the proof search left behind may not satisfy another allocation, and a
  // report (--json, --sarif) must still be written.
  rlimit noLimit{};
  getrlimit(RLIMIT_AS, &noLimit);
  auto limitMemory = [&](bool on) {
    if (memoryMb == 0)
      return;
    rlimit lim = noLimit;
    if (on)
      lim.rlim_cur = std::min(static_cast<rlim_t>(memoryMb) << 20, noLimit.rlim_max);
    setrlimit(RLIMIT_AS, &lim);
  };

  std::vector<std::string> inputs;
  if (std::string e = expandInputs(files, inputs); !e.empty()) {
    std::cerr << "kprove: error: " << e << "\n";
    return 2;
  }
  // '-' is standard input, once; its name in messages says the language, which
  // picks the front end as a file's extension does.
  std::optional<std::string> stdinText;
  if (std::count(inputs.begin(), inputs.end(), "-") > 0) {
    if (std::count(inputs.begin(), inputs.end(), "-") > 1 || stdinLang.empty()) {
      std::cerr << "kprove: error: standard input ('-') can be read once, and needs --lang pvl, "
                   "cl or cu\n";
      return 2;
    }
    stdinText = std::string(std::istreambuf_iterator<char>(std::cin), {});
    std::replace(inputs.begin(), inputs.end(), std::string("-"), "<stdin>." + stdinLang);
  }
  DiagnosticEngine::Style style;
  style.gcc = formatFlag == "gcc";
  style.color = colorFlag == "always" ||
                (colorFlag == "auto" && isatty(STDERR_FILENO) && !std::getenv("NO_COLOR"));

  bool text = !jsonOutput && !sarifOutput;
  driver::MachineReport report;
  driver::RunStats stats;
  int verified = 0, failed = 0, unknown = 0, invalid = 0;
  // Several files on a terminal: a progress line on stderr while each file is
  // verified, erased before its diagnostics are printed.
  const bool progress = inputs.size() > 1 && isatty(STDERR_FILENO);
  for (size_t fileIndex = 0; fileIndex < inputs.size(); ++fileIndex) {
    const std::string &f = inputs[fileIndex];
    if (progress)
      std::cerr << "\r\x1b[K[" << fileIndex + 1 << "/" << inputs.size() << "] " << f << std::flush;
    SourceManager sources;
    driver::FileResult r;
    std::optional<driver::ToolError> toolError;
    limitMemory(true);
    try {
      r = stdinText && f == "<stdin>." + stdinLang
              ? driver::verifyText(f, *stdinText, opts, sources)
              : driver::verifyFile(f, opts, sources);
    } catch (const std::bad_alloc &) {
      // Never a crash, never a false "verified" (and the message's allocation
      // is not limited).
      limitMemory(false);
      toolError = {"limit", "out of memory (see --memory)"};
    } catch (const std::system_error &e) {
      limitMemory(false);
      toolError = {"limit", std::string("out of resources (") + e.what() + "; see --memory)"};
    } catch (const std::exception &e) {
      limitMemory(false);
      toolError = {"internal", e.what()};
    }
    limitMemory(false);
    if (progress)
      std::cerr << "\r\x1b[K" << std::flush;
    if (toolError)
      r.verdict = driver::Verdict::Invalid;
    stats.add(r, sources);
    switch (r.verdict) {
    case driver::Verdict::Verified:
      ++verified;
      break;
    case driver::Verdict::Failed:
      ++failed;
      break;
    case driver::Verdict::Unknown:
      ++unknown;
      break;
    case driver::Verdict::Invalid:
      ++invalid;
      break;
    }
    if (!text) {
      report.addFile(f, r, sources, toolError);
      continue;
    }
    // Diagnostics go to stderr, the verdict lines to stdout (a script reads the
    // verdicts, a terminal shows both in order: std::cerr is unit-buffered and
    // tied to std::cout, so each diagnostic flushes the verdicts before it).
    if (toolError)
      std::cerr << f << ": error[" << toolError->code << "]: " << toolError->message << "\n";
    if (opts.dumpIr)
      std::cout << r.ir;
    DiagnosticEngine render(sources);
    if (!quiet)
      for (const Diagnostic &d : r.remarks)
        render.render(d, std::cerr, DiagnosticEngine::Label::Note, style);
    for (const Diagnostic &d : r.errors)
      render.render(d, std::cerr, DiagnosticEngine::Label::Error, style);
    for (const Diagnostic &d : r.warnings)
      render.render(d, std::cerr, DiagnosticEngine::Label::Warning, style);
    for (const Diagnostic &d : r.unknowns)
      render.render(d, std::cerr, DiagnosticEngine::Label::Unknown, style);
    std::cerr.flush();
    std::cout << f << ": " << driver::verdictName(r.verdict)
              << (opts.launch.intMath && isCFile(f) ? " (--int-math: C integers as mathematical "
                                                      "integers)"
                                                    : "")
              << "\n";
  }
  if (jsonOutput) {
    std::cout << report.toJson();
  } else if (sarifOutput) {
    std::cout << report.toSarif();
  } else {
    std::cout << "kprove: " << verified << " verified, " << failed << " failed, " << unknown
              << " unknown";
    if (invalid)
      std::cout << ", " << invalid << " invalid";
    std::cout << "\n";
  }
  if (statsOutput) {
    std::cout.flush();
    stats.print(std::cerr);
  }
  if (invalid)
    return 2;
  if (failed)
    return 1;
  if (unknown)
    return 3;
  return 0;
}
