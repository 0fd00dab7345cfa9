// kprove [options] FILE...  — exit 0 all proved, 1 a failure, 2 input error,
// 3 nothing failed but something is unknown. `kprove lsp` is the language server
// (lsp/server.h).
#include "driver/pipeline.h"
#include "driver/stdlib_dir.h"
#include "lsp/server.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <new>
#include <string>
#include <sys/resource.h>
#include <system_error>
#include <vector>

namespace {

bool isCFile(const std::string &f) {
  auto ends = [&](const char *x) {
    std::string e(x);
    return f.size() >= e.size() && f.compare(f.size() - e.size(), e.size(), e) == 0;
  };
  return ends(".cl") || ends(".cu");
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

} // namespace

int main(int argc, char **argv) {
  using namespace kprove;
  if (argc > 1 && std::string(argv[1]) == "lsp")
    return lsp::runLanguageServer(argc - 1, argv + 1);
  CLI::App app{"kprove: deductive verifier for GPU kernels (permission-based separation logic)"};
  driver::RunOptions opts;
  std::vector<std::string> files;
  app.add_option("files", files, "PVL (.pvl), OpenCL (.cl) or CUDA (.cu) files to verify")
      ->required();
  app.footer("kprove lsp: a language server over stdin/stdout (docs/editor.md)");
  // GPUVerify-compatible launch sizes: 1 to 3 comma-separated values (x, y, z).
  std::vector<int64_t> localSize, numGroups, globalSize;
  auto launchFlag = [&](const char *flag, std::vector<int64_t> &to, const char *what) {
    app.add_option(flag, to, what)
        ->delimiter(',')
        ->expected(1, 3)
        ->check(CLI::Range(int64_t{1}, int64_t{1} << 31));
  };
  launchFlag("--local_size,--blockDim", localSize, "work-group (block) size per dimension");
  launchFlag("--num_groups,--gridDim", numGroups, "number of work groups (blocks) per dimension");
  launchFlag("--global_size", globalSize, "total threads per dimension (OpenCL)");
  // C's preprocessor, as for a compiler (one value per flag: -D N -D M=2, -DN).
  app.add_option("-D", opts.defines,
                 "C files: define a macro, NAME or NAME=VALUE (may repeat); annotations may name "
                 "macros that expand to an integer literal")
      ->allow_extra_args(false);
  app.add_option("-I", opts.includeDirs,
                 "C files: add a directory to search for #include (may repeat; \"x.h\" is "
                 "first looked for next to the file)")
      ->allow_extra_args(false);
  app.add_flag("--int-math", opts.launch.intMath,
               "C integers as mathematical integers (VerCors's semantics): no wrap-around, no "
               "overflow obligations, no launch-size limits");
  app.add_option("--timeout", opts.timeoutSeconds, "per-obligation timeout in seconds")
      ->check(CLI::Range(1u, 86400u));
  app.add_option("--jobs", opts.jobs, "obligations proved in parallel")
      ->check(CLI::Range(1u, 256u));
  app.add_option("--seed", opts.randomSeed, "the solver's random seed");
  app.add_option("--dump-smt", opts.dumpSmtDir,
                 "write each obligation as a standalone SMT-LIB file into this directory");
  unsigned memoryMb = 0;
  app.add_option("--memory", memoryMb,
                 "address-space limit in MiB (0: none); running out is an error, never a proof")
      ->check(CLI::Range(0u, 1u << 22));
  std::string stdlibFlag;
  app.add_option("--stdlib", stdlibFlag,
                 "directory holding kprove's opencl.h and cuda.h (default: KPROVE_STDLIB, else "
                 "share/kprove/stdlib-specs next to the executable, else the source tree)");
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
  app.set_version_flag("--version", std::string("kprove 0.1.0"));
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
  pin(localSize, opts.launch.localSize);
  pin(numGroups, opts.launch.numGroups);
  pin(globalSize, opts.launch.globalSize);
  if (const char *dir = std::getenv("KPROVE_STDLIB"); dir && *dir)
    opts.stdlibDir = dir;
  if (!stdlibFlag.empty())
    opts.stdlibDir = stdlibFlag;

  if (memoryMb > 0) {
    rlimit lim{};
    lim.rlim_cur = lim.rlim_max = static_cast<rlim_t>(memoryMb) << 20;
    setrlimit(RLIMIT_AS, &lim);
  }

  int verified = 0, failed = 0, unknown = 0, invalid = 0;
  for (const std::string &f : files) {
    SourceManager sources;
    driver::FileResult r;
    try {
      r = driver::verifyFile(f, opts, sources);
    } catch (const std::bad_alloc &) {
      // Never a crash, never a false "verified".
      std::cout << f << ": error[limit]: out of memory (see --memory)\n";
      r.verdict = driver::Verdict::Invalid;
    } catch (const std::system_error &e) {
      std::cout << f << ": error[limit]: out of resources (" << e.what() << "; see --memory)\n";
      r.verdict = driver::Verdict::Invalid;
    } catch (const std::exception &e) {
      std::cout << f << ": error[internal]: " << e.what() << "\n";
      r.verdict = driver::Verdict::Invalid;
    }
    DiagnosticEngine render(sources);
    for (const Diagnostic &d : r.remarks)
      render.render(d, std::cout, DiagnosticEngine::Label::Note);
    for (const Diagnostic &d : r.errors)
      render.render(d, std::cout);
    for (const Diagnostic &d : r.warnings)
      render.render(d, std::cout, DiagnosticEngine::Label::Warning);
    for (const Diagnostic &d : r.unknowns)
      render.render(d, std::cout, DiagnosticEngine::Label::Unknown);
    std::cout << f << ": " << driver::verdictName(r.verdict)
              << (opts.launch.intMath && isCFile(f) ? " (--int-math: C integers as mathematical "
                                                      "integers)"
                                                    : "")
              << "\n";
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
  }
  std::cout << "kprove: " << verified << " verified, " << failed << " failed, " << unknown
            << " unknown";
  if (invalid)
    std::cout << ", " << invalid << " invalid";
  std::cout << "\n";
  if (invalid)
    return 2;
  if (failed)
    return 1;
  if (unknown)
    return 3;
  return 0;
}
