// kprove [options] FILE...  — exit 0 all proved, 1 a failure, 2 input error,
// 3 nothing failed but something is unknown.
#include "driver/pipeline.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <new>
#include <sys/resource.h>
#include <system_error>

int main(int argc, char **argv) {
  using namespace kprove;
  CLI::App app{"kprove: deductive verifier for GPU kernels (permission-based separation logic)"};
  driver::RunOptions opts;
  std::vector<std::string> files;
  app.add_option("files", files, "PVL (.pvl), OpenCL (.cl) or CUDA (.cu) files to verify")
      ->required();
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
  app.set_version_flag("--version", std::string("kprove 0.1.0"));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
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
  if (const char *dir = std::getenv("KPROVE_STDLIB"))
    opts.stdlibDir = dir;

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
    for (const Diagnostic &d : r.unknowns)
      render.render(d, std::cout, DiagnosticEngine::Label::Unknown);
    std::cout << f << ": " << driver::verdictName(r.verdict) << "\n";
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
