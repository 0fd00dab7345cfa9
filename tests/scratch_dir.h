// The directory a test process writes its input files into.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>

namespace kprove::testing {

// One directory per process (ctest runs test cases in parallel processes, and
// test runs of other build trees share the temporary directory), removed when
// the process exits: a test run leaves nothing behind. Before, every snippet
// stayed in one shared folder (66,909 files, 264 MB after a few weeks).
inline const std::filesystem::path &scratchDir() {
  struct Owned {
    std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("kprove-tests-" + std::to_string(::getpid()));
    Owned() {
      std::filesystem::remove_all(path);
      std::filesystem::create_directories(path);
    }
    Owned(const Owned &) = delete;
    Owned &operator=(const Owned &) = delete;
    ~Owned() {
      std::error_code ignored; // a destructor must not throw
      std::filesystem::remove_all(path, ignored);
    }
  };
  static const Owned owned;
  return owned.path;
}

} // namespace kprove::testing
