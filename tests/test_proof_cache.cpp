// The proof cache (--cache, issue 10): a second run of an unchanged file takes
// every answer from the cache and reports exactly what the first run did; an
// edited clause re-proves only what changed; a damaged cache costs time only.
#include "run_command.h"
#include "scratch_dir.h"

#include "driver/proof_cache.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <unistd.h>

using namespace kprove;
using kprove::testing::Run;
using kprove::testing::runCommand;

namespace {

std::filesystem::path freshDir(const std::string &name) {
  auto dir = kprove::testing::scratchDir() / "cache" / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string example(const std::string &rel) {
  return std::string(KPROVE_SOURCE_DIR) + "/examples/" + rel;
}

// kprove with the cache in `dir`; stderr and stdout together.
Run cachedRun(const std::filesystem::path &dir, const std::string &args) {
  return runCommand(std::string(KPROVE_BINARY) + " --jobs 1 --cache-dir " + dir.string() + " " +
                    args + " 2>&1");
}

size_t count(const std::string &text, const std::string &pattern) {
  std::regex re(pattern);
  return std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator());
}

} // namespace

TEST_CASE("cache: an unchanged verified file is answered from the cache", "[cache]") {
  auto dir = freshDir("verified");
  std::string f = example("pvl/demo.pvl");
  Run first = cachedRun(dir, "--json " + f);
  Run second = cachedRun(dir, "--json " + f);
  CHECK(first.exitCode == 0);
  CHECK(second.exitCode == 0);
  size_t obligations = count(first.out, "\"verdict\": \"proved\"");
  REQUIRE(obligations > 0);
  CHECK(count(first.out, "\"cached\": true") == 0);
  CHECK(count(second.out, "\"cached\": true") == obligations);
}

TEST_CASE("cache: a failing file reports the same failures and counterexamples from the cache",
          "[cache]") {
  auto dir = freshDir("failed");
  std::string f = example("cuda/shared_reverse_no_barrier.cu");
  Run first = cachedRun(dir, f);
  Run second = cachedRun(dir, f);
  CHECK(first.exitCode == 1);
  CHECK(second.exitCode == 1);
  CHECK(first.out.find("error[perm.read]") != std::string::npos);
  CHECK(second.out == first.out); // the same text, notes and replay included
}

TEST_CASE("cache: an edited postcondition is proved afresh, the rest reused", "[cache]") {
  auto dir = freshDir("edit");
  auto file = dir / "k.pvl";
  std::string text = R"(
context a != null && a.length == 4;
context Perm(a[0], write) ** Perm(a[1], 1\2);
ensures a[0] == a[1] + 1;
void m(int[] a) {
  a[0] = a[1] + 1;
}
)";
  std::ofstream(file) << text;
  Run first = cachedRun(dir / "cache", "--json " + file.string());
  CHECK(first.exitCode == 0);
  std::string edited = std::regex_replace(text, std::regex("ensures a\\[0\\] == a\\[1\\] \\+ 1;"),
                                          "ensures a[0] == a[1] + 2;");
  REQUIRE(edited != text);
  std::ofstream(file) << edited;
  Run second = cachedRun(dir / "cache", "--json " + file.string());
  CHECK(second.exitCode == 1); // the edit is wrong: the new postcondition fails
  CHECK(second.out.find("\"code\": \"post\"") != std::string::npos);
  size_t reused = count(second.out, "\"cached\": true");
  size_t all = count(second.out, "\"verdict\": \"(proved|failed)\"");
  CHECK(reused > 0);
  CHECK(reused < all);
}

TEST_CASE("cache: damaged cache files are misses, never answers", "[cache]") {
  auto dir = freshDir("damaged");
  std::string f = example("pvl/demo_wrong_post.pvl");
  Run first = cachedRun(dir, f);
  size_t damaged = 0;
  for (const auto &e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file()) {
      // A flipped verdict in a file whose key no longer matches, and garbage.
      std::ofstream(e.path()) << (damaged++ % 2 ? "{\"key\": \"x\", \"verdict\": \"proved\"}"
                                                : "not json");
    }
  REQUIRE(damaged > 0);
  Run second = cachedRun(dir, f);
  CHECK(first.exitCode == 1);
  CHECK(second.exitCode == 1);
  CHECK(second.out == first.out);
}

TEST_CASE("cache: the query text is canonical and tells sorts apart", "[cache]") {
  using namespace kprove::term;
  T x = var("x", Sort::Int);
  T shared = add(x, intConst(1));
  prover::Query a{{le(shared, shared)}, lt(x, shared), {}};
  prover::Query b{{le(add(x, intConst(1)), add(x, intConst(1)))}, lt(x, add(x, intConst(1))), {}};
  CHECK(driver::canonicalQueryText(a) == driver::canonicalQueryText(b));
  prover::Query c{{le(shared, shared)}, lt(var("x", Sort::Real), toReal(shared)), {}};
  CHECK(driver::canonicalQueryText(a) != driver::canonicalQueryText(c));
}
