// The language server's features as pure functions of one verification
// (lsp/features.h); the protocol itself is tested by tests/lsp/lsp_session.py.
#include "driver/pipeline.h"
#include "lsp/features.h"

#include <catch2/catch.hpp>

using namespace kprove;

namespace {

lsp::Analysis analyse(const std::string &name, const std::string &text) {
  lsp::Analysis a;
  a.uri = "file:///tutorial/" + name;
  a.version = 7;
  a.text = text;
  SourceManager sources;
  driver::RunOptions opts;
  opts.timeoutSeconds = KPROVE_TEST_TIMEOUT_SECONDS; // tests/CMakeLists.txt
  a.result = driver::verifyText("/tutorial/" + name, text, opts, sources);
  return a;
}

} // namespace

TEST_CASE("positions count UTF-16 code units and round-trip", "[lsp]") {
  std::string text = "ab\n\xc3\xa9x\n\xf0\x9f\x98\x80y\n"; // é (2 bytes), 😀 (4 bytes, 2 units)
  lsp::LineIndex lines(text);
  CHECK(lines.position(4) == lsp::json{{"line", 1}, {"character", 1}});  // after é
  CHECK(lines.position(11) == lsp::json{{"line", 2}, {"character", 2}}); // after 😀
  CHECK(lines.offset(1, 1) == 5);
  CHECK(lines.offset(2, 2) == 11);
  CHECK(lines.offset(0, 99) == 2); // clamped to the line's end
  CHECK(lines.offset(99, 0) == text.size());
}

TEST_CASE("diagnostics, hover, lenses and definitions of a failing file", "[lsp]") {
  std::string text = "pure int twice(int n) = n + n;\n" // line 0
                     "\n"                               // 1
                     "requires x >= 0;\n"               // 2
                     "ensures \\result == twice(x);\n"  // 3
                     "ensures \\result > x;\n"          // 4
                     "int m(int x) {\n"                 // 5
                     "  return x + x;\n"                // 6
                     "}\n";
  lsp::Analysis a = analyse("m.pvl", text);
  REQUIRE(a.result.verdict == driver::Verdict::Failed); // x == 0: 0 > 0 is false
  lsp::json d = lsp::diagnosticsParams(a);
  CHECK(d["uri"] == a.uri);
  CHECK(d["version"] == 7);
  REQUIRE(d["diagnostics"].size() == 1);
  CHECK(d["diagnostics"][0]["code"] == "post");
  CHECK(d["diagnostics"][0]["range"]["start"]["line"] == 4);
  CHECK(d["diagnostics"][0]["relatedInformation"][0]["location"]["range"]["start"]["line"] == 6);

  auto proved = lsp::hover(a, 3, 10);
  REQUIRE(proved);
  CHECK((*proved)["contents"]["value"].get<std::string>().rfind("**ensures** — verified: ", 0) ==
        0);
  auto failed = lsp::hover(a, 4, 0); // anywhere on the clause's line
  REQUIRE(failed);
  CHECK((*failed)["contents"]["value"].get<std::string>().find("**failed**") != std::string::npos);
  CHECK_FALSE(lsp::hover(a, 1, 0)); // a blank line

  lsp::json lenses = lsp::codeLenses(a);
  REQUIRE(lenses.size() == 2); // twice and m
  CHECK(lenses[0]["command"]["title"].get<std::string>().rfind("verified in ", 0) == 0);
  CHECK(lenses[1]["command"]["title"].get<std::string>().rfind("failed: 1 of ", 0) == 0);
  CHECK(lenses[1]["range"]["start"]["line"] == 5);

  auto def = lsp::definition(a, 3, 20); // inside `twice(x)`
  REQUIRE(def);
  CHECK((*def)["range"]["start"] == lsp::json{{"line", 0}, {"character", 9}});
  CHECK_FALSE(lsp::definition(a, 6, 3));
}

TEST_CASE("an invalid file has diagnostics and no lenses claiming success", "[lsp]") {
  lsp::Analysis a = analyse("bad.pvl", "void m( {\n");
  CHECK(a.result.verdict == driver::Verdict::Invalid);
  lsp::json d = lsp::diagnosticsParams(a);
  REQUIRE(d["diagnostics"].size() >= 1);
  CHECK(d["diagnostics"][0]["code"] == "parse");
  CHECK(lsp::codeLenses(a).empty()); // nothing was declared
}

TEST_CASE("a C kernel's lens counts the failures of its contract before it", "[lsp]") {
  // The contract is in the /*@ @*/ comment above the kernel, outside the
  // function's own range; its failing postcondition is the kernel's failure.
  std::string text = "/*@\n"                                                        // 0
                     "  context a != NULL && \\pointer_length(a) == get_global_size(0);\n" // 1
                     "  context Perm(&a[get_global_id(0)], write);\n"                // 2
                     "  ensures a[get_global_id(0)] == 2;\n"                         // 3
                     "@*/\n"                                                         // 4
                     "__kernel void one(__global int *a) {\n"                        // 5
                     "  a[get_global_id(0)] = 1;\n"                                  // 6
                     "}\n";
  lsp::Analysis a = analyse("one.cl", text);
  REQUIRE(a.result.verdict == driver::Verdict::Failed);
  lsp::json lenses = lsp::codeLenses(a);
  REQUIRE(lenses.size() == 1);
  CHECK(lenses[0]["command"]["title"].get<std::string>().rfind("failed: 1 of ", 0) == 0);
  CHECK(lenses[0]["range"]["start"]["line"] == 5); // on the kernel's name
}

// A contradictory precondition is no obligation's failure (error vacuous): the lens
// and the hover of the proofs that rest on it must not say "verified".
TEST_CASE("lenses and hovers of a method with a contradictory precondition", "[lsp]") {
  std::string text = "requires x > 0 && x < 0;\n" // line 0
                     "ensures \\result == 1;\n"   // 1
                     "int f(int x) {\n"           // 2
                     "  return 2;\n"              // 3
                     "}\n";
  lsp::Analysis a = analyse("vacuous.pvl", text);
  REQUIRE(a.result.verdict == driver::Verdict::Failed);
  lsp::json lenses = lsp::codeLenses(a);
  REQUIRE(lenses.size() == 1);
  CHECK(lenses[0]["command"]["title"].get<std::string>().rfind("failed: vacuous", 0) == 0);
  CHECK(lenses[0]["range"]["start"]["line"] == 2);
  auto pre = lsp::hover(a, 0, 3);
  REQUIRE(pre);
  CHECK(pre->at("contents").at("value").get<std::string>().find("**failed**") != std::string::npos);
  auto post = lsp::hover(a, 1, 3);
  REQUIRE(post);
  std::string value = post->at("contents").at("value").get<std::string>();
  CHECK(value.find("verified") == std::string::npos);
  CHECK(value.find("may make proofs vacuous") != std::string::npos);
}
