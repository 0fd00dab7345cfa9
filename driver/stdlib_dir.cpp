#include "driver/stdlib_dir.h"

#include <filesystem>
#include <system_error>

namespace kprove::driver {

namespace fs = std::filesystem;

std::vector<std::string> stdlibCandidates() {
  std::vector<std::string> out;
  std::error_code ec;
  // The running executable (Linux); a symlink to kprove resolves to the binary.
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && !exe.empty())
    out.push_back((exe.parent_path() / KPROVE_STDLIB_RELATIVE).lexically_normal().string());
  out.push_back(KPROVE_STDLIB_DIR);
  return out;
}

bool isStdlibDir(const std::string &dir) {
  std::error_code ec;
  return !dir.empty() && fs::is_regular_file(fs::path(dir) / "opencl.h", ec) &&
         fs::is_regular_file(fs::path(dir) / "cuda.h", ec);
}

std::string defaultStdlibDir() {
  for (const std::string &dir : stdlibCandidates())
    if (isStdlibDir(dir))
      return dir;
  return "";
}

} // namespace kprove::driver
