// The output formats for programs: --json and --sarif (driver/report_json.h) on
// examples whose `//: expect` header says what they must report, and --explain
// with docs/errors.md compiled in (driver/explain.h). That the SARIF log also
// validates against the SARIF 2.1.0 schema is the ctest sarif-schema
// (tests/sarif/validate_sarif.py).
#include "driver/explain.h"

#include "run_command.h"
#include "scratch_dir.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

using nlohmann::json;

namespace {

using kprove::testing::Run;
using kprove::testing::runCommand;

// Runs kprove in the source root, so that examples/... is the path as given.
Run runKprove(const std::string &args, const std::string &stderrTo = "/dev/null") {
  return runCommand("cd " + std::string(KPROVE_SOURCE_DIR) + " && " + KPROVE_BINARY + " " + args +
                    " 2>" + stderrTo);
}

json parse(const Run &r) {
  INFO(r.out);
  REQUIRE_NOTHROW(json::parse(r.out));
  return json::parse(r.out);
}

std::string writeTemp(const std::string &name, const std::string &content) {
  auto dir = kprove::testing::scratchDir() / "report";
  std::filesystem::create_directories(dir);
  auto path = dir / name;
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

// `//: expect fail CODE LINE`, the first line of a failing example.
struct Expected {
  std::string code;
  unsigned line = 0;
};
Expected expectedFailure(const std::string &relative) {
  std::ifstream in(std::string(KPROVE_SOURCE_DIR) + "/" + relative);
  std::string first;
  std::getline(in, first);
  std::istringstream words(first);
  std::string marker, expect, fail;
  Expected e;
  words >> marker >> expect >> fail >> e.code >> e.line;
  REQUIRE(fail == "fail");
  REQUIRE(e.line > 0);
  return e;
}

bool hasRange(const json &x) {
  if (!x.contains("range"))
    return false;
  const json &r = x["range"];
  return r["line"].get<int>() >= 1 && r["column"].get<int>() >= 1 &&
         r["endLine"].get<int>() >= r["line"].get<int>() && r["endColumn"].get<int>() >= 1;
}

} // namespace

TEST_CASE("option --json on a failing example: the header's code fails on its line", "[report]") {
  const std::string file = "examples/pvl/demo_index_shift.pvl";
  Expected e = expectedFailure(file);
  Run r = runKprove("--json " + file);
  CHECK(r.exitCode == 1);
  json doc = parse(r);
  CHECK(doc["tool"] == "kprove");
  CHECK(doc["version"] == "0.1.0");
  REQUIRE(doc["files"].size() == 1);
  const json &f = doc["files"][0];
  CHECK(f["path"] == file);
  CHECK(f["verdict"] == "failed");
  CHECK(f["seconds"].is_number());
  CHECK(doc["summary"] == json({{"verified", 0}, {"failed", 1}, {"unknown", 0}, {"invalid", 0}}));

  bool obligation = false;
  for (const json &o : f["obligations"]) {
    CHECK(o["code"].is_string());
    CHECK(o["seconds"].is_number());
    CHECK(o["message"].is_string());
    CHECK(o["notes"].is_array());
    CHECK(std::set<std::string>{"proved", "failed", "unknown"}.count(
              o["verdict"].get<std::string>()) == 1);
    if (o["code"] == e.code && o["verdict"] == "failed" && hasRange(o) &&
        o["range"]["line"] == e.line)
      obligation = true;
  }
  CHECK(obligation);

  const json *failure = nullptr;
  for (const json &d : f["diagnostics"])
    if (d["severity"] == "error" && d["code"] == e.code && hasRange(d) &&
        d["range"]["line"] == e.line)
      failure = &d;
  REQUIRE(failure);
  // The text output's line, column and caret: 19:13, a[(tid+2) mod gsize].
  CHECK((*failure)["range"] ==
        json({{"line", 19}, {"column", 13}, {"endLine", 19}, {"endColumn", 33}}));
  CHECK((*failure)["message"] == "no permission to read 'a[(tid+2) mod gsize]'");
  // The counterexample: a note without a place, as printed, and structured.
  REQUIRE(failure->contains("witness"));
  const json &w = (*failure)["witness"];
  CHECK(w["confirmed"].is_boolean());
  CHECK(w["text"].get<std::string>().find("tid = ") != std::string::npos);
  bool witnessNote = false;
  for (const json &n : (*failure)["notes"]) {
    std::string message = n["message"];
    if (!n.contains("range") && message.find("counterexample") != std::string::npos &&
        message.size() > w["text"].get<std::string>().size() &&
        message.compare(message.size() - w["text"].get<std::string>().size(), std::string::npos,
                        w["text"].get<std::string>()) == 0)
      witnessNote = true;
  }
  CHECK(witnessNote);
}

TEST_CASE("option --json on verified files: every obligation proved, remarks are notes",
          "[report]") {
  Run r = runKprove("--json examples/pvl/zero.pvl examples/opencl/vector_add.cl");
  CHECK(r.exitCode == 0);
  json doc = parse(r);
  REQUIRE(doc["files"].size() == 2);
  for (const json &f : doc["files"]) {
    INFO(f["path"]);
    CHECK(f["verdict"] == "verified");
    CHECK(!f["obligations"].empty());
    for (const json &o : f["obligations"]) {
      CHECK(o["verdict"] == "proved");
      CHECK(!o.contains("witness"));
    }
    for (const json &d : f["diagnostics"])
      CHECK(d["severity"] == "note");
  }
  // vector_add.cl's 1-D launch assumption (README's quick start): a note at 11:15,
  // without a code, as the text output prints it.
  const json &notes = doc["files"][1]["diagnostics"];
  REQUIRE(notes.size() == 1);
  CHECK(!notes[0].contains("code"));
  CHECK(notes[0]["range"]["line"] == 11);
  CHECK(notes[0]["range"]["column"] == 15);
  CHECK(doc["summary"] == json({{"verified", 2}, {"failed", 0}, {"unknown", 0}, {"invalid", 0}}));
}

TEST_CASE("option --json on an input error: invalid, with the parse diagnostic", "[report]") {
  std::string bad = writeTemp("bad.pvl", "void m( {\n");
  Run r = runKprove("--json " + bad + " examples/pvl/zero.pvl");
  CHECK(r.exitCode == 2);
  json doc = parse(r);
  REQUIRE(doc["files"].size() == 2);
  const json &f = doc["files"][0];
  CHECK(f["path"] == bad);
  CHECK(f["verdict"] == "invalid");
  CHECK(f["obligations"].empty());
  REQUIRE(!f["diagnostics"].empty());
  CHECK(f["diagnostics"][0]["severity"] == "error");
  CHECK(f["diagnostics"][0]["code"] == "parse");
  CHECK(hasRange(f["diagnostics"][0]));
  CHECK(f["diagnostics"][0]["range"]["line"] == 1);
  CHECK(doc["summary"] == json({{"verified", 1}, {"failed", 0}, {"unknown", 0}, {"invalid", 1}}));

  Run missing = runKprove("--json /nonexistent/file.pvl");
  CHECK(missing.exitCode == 2);
  json m = parse(missing);
  CHECK(m["files"][0]["verdict"] == "invalid");
  CHECK(m["files"][0]["diagnostics"][0]["code"] == "io");
  CHECK(!m["files"][0]["diagnostics"][0].contains("range"));
}

TEST_CASE("option --json on an undecided obligation: unknown, with the solver's reason",
          "[report]") {
  std::string f = writeTemp("fermat.pvl", "requires x > 0 && y > 0 && z > 0;\n"
                                          "void m(int x, int y, int z) {\n"
                                          "  assert x*x*x + y*y*y != z*z*z;\n}\n");
  Run r = runKprove("--json --timeout 1 " + f);
  CHECK(r.exitCode == 3);
  json doc = parse(r);
  const json &file = doc["files"][0];
  CHECK(file["verdict"] == "unknown");
  bool obligation = false, diagnostic = false;
  for (const json &o : file["obligations"])
    if (o["code"] == "assert" && o["verdict"] == "unknown" && o["range"]["line"] == 3)
      obligation = o.contains("reason");
  for (const json &d : file["diagnostics"])
    if (d["severity"] == "unknown" && d["code"] == "assert" && d["range"]["line"] == 3)
      diagnostic = true;
  CHECK(obligation);
  CHECK(diagnostic);
  CHECK(doc["summary"]["unknown"] == 1);
}

TEST_CASE("option --sarif on a failing example: rule, level and place of the header", "[report]") {
  const std::string file = "examples/pvl/demo_index_shift.pvl";
  Expected e = expectedFailure(file);
  Run r = runKprove("--sarif " + file);
  CHECK(r.exitCode == 1);
  json doc = parse(r);
  CHECK(doc["version"] == "2.1.0");
  CHECK(doc["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
  REQUIRE(doc["runs"].size() == 1);
  const json &run = doc["runs"][0];
  const json &driver = run["tool"]["driver"];
  CHECK(driver["name"] == "kprove");
  CHECK(driver["version"] == "0.1.0");
  CHECK(run["invocations"][0]["executionSuccessful"] == true);

  // One rule per code of logic/diagnostic_codes.def, described by docs/errors.md.
  std::set<std::string> rules;
  for (const json &rule : driver["rules"])
    rules.insert(rule["id"].get<std::string>());
  for (kprove::DiagCode c : kprove::driver::allDiagCodes())
    CHECK(rules.count(std::string(kprove::diagCodeName(c))) == 1);
  const json *permRead = nullptr;
  for (const json &rule : driver["rules"])
    if (rule["id"] == "perm.read")
      permRead = &rule;
  REQUIRE(permRead);
  CHECK((*permRead)["helpUri"].get<std::string>().find("docs/errors.md#permread") !=
        std::string::npos);
  CHECK((*permRead)["fullDescription"]["text"].get<std::string>().rfind(
            "Reading an array element without a positive permission.", 0) == 0);
  CHECK((*permRead)["help"]["markdown"].get<std::string>().find("```pvl") != std::string::npos);

  bool found = false;
  REQUIRE(!run["results"].empty());
  for (const json &res : run["results"]) {
    std::string ruleId = res["ruleId"].get<std::string>();
    CHECK(rules.count(ruleId) == 1);
    CHECK(driver["rules"][res["ruleIndex"].get<size_t>()]["id"] == ruleId);
    const json &loc = res["locations"][0]["physicalLocation"];
    CHECK(loc["artifactLocation"]["uri"] == file);
    if (ruleId == e.code && res["level"] == "error" &&
        loc["region"]["startLine"].get<unsigned>() == e.line) {
      found = true;
      CHECK(loc["region"]["startColumn"] == 13);
      CHECK(res["message"]["text"].get<std::string>().find("counterexample") != std::string::npos);
    }
  }
  CHECK(found);
}

TEST_CASE("option --sarif on verified and invalid files", "[report]") {
  Run ok = runKprove("--sarif examples/pvl/zero.pvl");
  CHECK(ok.exitCode == 0);
  json doc = parse(ok);
  CHECK(doc["runs"][0]["results"].empty()); // a remark is no result
  CHECK(doc["runs"][0]["artifacts"][0]["location"]["uri"] == "examples/pvl/zero.pvl");

  std::string bad = writeTemp("bad space.pvl", "void m( {\n");
  Run invalid = runKprove("--sarif '" + bad + "'");
  CHECK(invalid.exitCode == 2);
  json inv = parse(invalid);
  const json &res = inv["runs"][0]["results"];
  REQUIRE(res.size() == 1);
  CHECK(res[0]["ruleId"] == "parse");
  CHECK(res[0]["level"] == "error");
  std::string uri = res[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
  CHECK(uri.rfind("file:///", 0) == 0);
  CHECK(uri.find("bad%20space.pvl") != std::string::npos);
  CHECK(res[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 1);
}

TEST_CASE("option --json and --sarif exclude each other", "[report]") {
  CHECK(runKprove("--json --sarif examples/pvl/zero.pvl").exitCode == 2);
}

TEST_CASE("option --explain prints a code's section of docs/errors.md", "[report][explain]") {
  Run r = runKprove("--explain perm.read");
  CHECK(r.exitCode == 0);
  CHECK(r.out.rfind("error[perm.read]: reading a location without permission\n"
                    "Verification failures (exit 1)\n",
                    0) == 0);
  CHECK(r.out.find("Reading an array element without a positive permission.") != std::string::npos);
  CHECK(r.out.find("  int x = a[0];  // <-") != std::string::npos);
  CHECK(r.out.find("### `perm.write`") == std::string::npos); // the next section is not
  // As printed in a diagnostic, and a warning.
  CHECK(runKprove("--explain 'unknown[perm.read]'").out == r.out);
  Run w = runKprove("--explain unreachable");
  CHECK(w.exitCode == 0);
  CHECK(w.out.rfind("warning[unreachable]:", 0) == 0);

  std::string err = writeTemp("explain.err", "");
  Run bad = runKprove("--explain nonsense", err);
  CHECK(bad.exitCode == 2);
  CHECK(bad.out.empty());
  std::ifstream in(err);
  std::string message((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(message.find("'nonsense' is not a diagnostic code") != std::string::npos);
  CHECK(message.find("perm.read, perm.write") != std::string::npos);
}

TEST_CASE("the compiled-in docs/errors.md is the file, with a section per code",
          "[report][explain]") {
  std::ifstream in(std::string(KPROVE_SOURCE_DIR) + "/docs/errors.md", std::ios::binary);
  std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(kprove::driver::errorsDoc() == file);
  for (kprove::DiagCode c : kprove::driver::allDiagCodes()) {
    std::string code(kprove::diagCodeName(c));
    INFO(code);
    auto section = kprove::driver::codeSection(code);
    REQUIRE(section);
    CHECK(!section->body.empty());
    CHECK(!section->group.empty());
    CHECK(kprove::driver::explainCode(code));
  }
  CHECK(kprove::driver::errorsDocAnchor("barrier.divergence") == "barrierdivergence");
  CHECK(!kprove::driver::explainCode("limit"));
}
