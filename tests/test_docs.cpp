// docs/errors.md stays true: every ```pvl (or ```c: an OpenCL file) block under a
// `### `code`` heading must produce that code on the line marked `// <-`.
#include "snippet.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using kprove::testing::runSnippet;

TEST_CASE("every example in docs/errors.md reports its code on its line", "[docs]") {
  std::ifstream in(std::string(KPROVE_SOURCE_DIR) + "/docs/errors.md");
  REQUIRE(in);
  std::string line, code, block, ext;
  bool inBlock = false, warnings = false;
  unsigned marked = 0, lineNo = 0, checked = 0;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) {
      warnings = line.find("Warnings") != std::string::npos;
    } else if (line.rfind("### `", 0) == 0) {
      code = line.substr(5, line.find('`', 5) - 5);
    } else if (line == "```pvl" || line == "```c") {
      inBlock = true;
      ext = line == "```c" ? ".cl" : ".pvl"; // C examples are OpenCL kernels
      block.clear();
      marked = lineNo = 0;
    } else if (inBlock && line == "```") {
      inBlock = false;
      auto r = runSnippet(block, "doc", ext);
      INFO("code " << code << "\n" << block);
      if (code == "parse" || code == "type" || code == "unsupported")
        CHECK(r.verdict == kprove::driver::Verdict::Invalid);
      else if (warnings) // the verdict stays
        CHECK(r.verdict == kprove::driver::Verdict::Verified);
      else
        CHECK(r.verdict == kprove::driver::Verdict::Failed);
      CHECK((warnings ? r.warnings : r.errors).count({code, marked}) == 1);
      ++checked;
    } else if (inBlock) {
      block += line + "\n";
      ++lineNo;
      if (line.find("// <-") != std::string::npos)
        marked = lineNo;
    }
  }
  CHECK(checked >= 25);
}

// docs/language.md stays true too: it says every ```pvl block is a complete file
// that verifies, or reports CODE on the line marked `// <- CODE`.
TEST_CASE("every pvl block in docs/language.md verifies or fails where marked", "[docs]") {
  std::ifstream in(std::string(KPROVE_SOURCE_DIR) + "/docs/language.md");
  REQUIRE(in);
  std::string line, block, code;
  bool inBlock = false;
  unsigned marked = 0, lineNo = 0, checked = 0;
  while (std::getline(in, line)) {
    if (line == "```pvl") {
      inBlock = true;
      block.clear();
      code.clear();
      marked = lineNo = 0;
    } else if (inBlock && line == "```") {
      inBlock = false;
      auto r = runSnippet(block, "language");
      INFO(block);
      if (code.empty()) {
        CHECK(r.verdict == kprove::driver::Verdict::Verified);
      } else {
        bool input = code == "parse" || code == "type" || code == "unsupported";
        CHECK(r.verdict ==
              (input ? kprove::driver::Verdict::Invalid : kprove::driver::Verdict::Failed));
        CHECK(r.errors.count({code, marked}) == 1);
      }
      ++checked;
    } else if (inBlock) {
      block += line + "\n";
      ++lineNo;
      if (auto at = line.find("// <- "); at != std::string::npos) {
        std::istringstream ss(line.substr(at + 6));
        ss >> code;
        marked = lineNo;
      }
    }
  }
  CHECK(checked >= 30);
}

// ctest learns the test cases through CMake lists, where ';' separates items: a
// TEST_CASE name with ';' becomes a filter that matches nothing, and the test
// "passes" without running (it happened: a failing launch-flag test hid so). A
// name starting with '-' reaches Catch as an unknown option, and the test fails
// without running.
TEST_CASE("no test case name contains a semicolon or starts with a dash", "[docs]") {
  unsigned files = 0;
  for (const auto &entry :
       std::filesystem::directory_iterator(std::string(KPROVE_SOURCE_DIR) + "/tests")) {
    if (entry.path().extension() != ".cpp")
      continue;
    ++files;
    std::ifstream in(entry.path());
    std::string line;
    unsigned lineNo = 0;
    while (std::getline(in, line)) {
      ++lineNo;
      auto at = line.find("TEST_CASE(\"");
      if (at == std::string::npos || line.find("find(\"TEST_CASE") != std::string::npos)
        continue;
      auto end = line.find("\", \"[", at);
      std::string name =
          line.substr(at + 11, end == std::string::npos ? std::string::npos : end - at - 11);
      INFO(entry.path().filename().string() << ":" << lineNo << ": " << name);
      CHECK(name.find(';') == std::string::npos);
      CHECK((name.empty() || name[0] != '-'));
    }
  }
  CHECK(files >= 10);
}
