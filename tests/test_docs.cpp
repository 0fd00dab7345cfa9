// docs/errors.md stays true: every ```pvl block under a `### `code`` heading must
// produce that code on the line marked `// <-`.
#include "snippet.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using kprove::testing::runSnippet;

TEST_CASE("every example in docs/errors.md reports its code on its line", "[docs]") {
  std::ifstream in(std::string(KPROVE_SOURCE_DIR) + "/docs/errors.md");
  REQUIRE(in);
  std::string line, code, block;
  bool inBlock = false;
  unsigned marked = 0, lineNo = 0, checked = 0;
  while (std::getline(in, line)) {
    if (line.rfind("### `", 0) == 0) {
      code = line.substr(5, line.find('`', 5) - 5);
    } else if (line == "```pvl") {
      inBlock = true;
      block.clear();
      marked = lineNo = 0;
    } else if (inBlock && line == "```") {
      inBlock = false;
      auto r = runSnippet(block, "doc");
      INFO("code " << code << "\n" << block);
      if (code == "parse" || code == "type" || code == "unsupported")
        CHECK(r.verdict == kprove::driver::Verdict::Invalid);
      else if (code == "unreachable") // a warning: the verdict stays
        CHECK(r.verdict == kprove::driver::Verdict::Verified);
      else
        CHECK(r.verdict == kprove::driver::Verdict::Failed);
      CHECK((code == "unreachable" ? r.warnings : r.errors).count({code, marked}) == 1);
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
