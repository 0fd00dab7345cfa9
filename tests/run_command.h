// Running a shell command from a test: its exit code and its output.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace kprove::testing {

struct Run {
  int exitCode; // 128 + signal when killed
  std::string out;
};

// Runs `cmd` with /bin/sh; what it writes to stdout (redirect stderr in `cmd`).
inline Run runCommand(const std::string &cmd) {
  FILE *p = popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0)
    out.append(buf.data(), n);
  int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out};
}

} // namespace kprove::testing
