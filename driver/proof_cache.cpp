#include "driver/proof_cache.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <unordered_map>

namespace kprove::driver {

namespace {

using nlohmann::json;

// Serializes a term DAG bottom-up: each distinct subterm becomes one line
// "op sort name num den | args | bound | patterns" naming its operands by line
// number, so the text is canonical whatever the sharing of the DAG.
class QueryWriter {
public:
  size_t write(const term::T &t) {
    if (auto it = seen_.find(t.get()); it != seen_.end())
      return it->second;
    std::string line = fmt::format("{} {} {} {} {} |", static_cast<int>(t->op),
                                   term::sortName(t->sort), t->name, t->num, t->den);
    for (const term::T &a : t->args)
      line += fmt::format(" {}", write(a)); // not " " + to_string: GCC 12's -Wrestrict
    line += " |";
    for (const term::BoundVar &b : t->bound)
      line += fmt::format(" {}:{}", b.name, term::sortName(b.sort));
    for (const std::vector<term::T> &p : t->patterns) {
      line += " {";
      for (const term::T &x : p)
        line += fmt::format(" {}", write(x));
      line += " }";
    }
    auto [it, fresh] = lines_.try_emplace(line, lines_.size());
    if (fresh)
      out_ += line + "\n";
    seen_.emplace(t.get(), it->second);
    return it->second;
  }
  void mark(const std::string &what) { out_ += what + "\n"; }
  std::string text() && { return std::move(out_); }

private:
  std::unordered_map<const term::Term *, size_t> seen_;
  std::unordered_map<std::string, size_t> lines_;
  std::string out_;
};

// FNV-1a: names the file; the whole key is stored and compared on lookup, so a
// collision costs a miss, never a wrong answer.
uint64_t fnv1a(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ull;
  return h;
}

} // namespace

std::string canonicalQueryText(const prover::Query &q) {
  QueryWriter w;
  for (const term::T &a : q.assumptions)
    w.mark("assume " + std::to_string(w.write(a)));
  if (q.goal)
    w.mark("goal " + std::to_string(w.write(q.goal)));
  for (const term::T &x : q.witness)
    w.mark("witness " + std::to_string(w.write(x)));
  return std::move(w).text();
}

std::filesystem::path defaultCacheDir() {
  if (const char *d = std::getenv("KPROVE_CACHE_DIR"); d && *d)
    return d;
  if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x)
    return std::filesystem::path(x) / "kprove";
  if (const char *h = std::getenv("HOME"); h && *h)
    return std::filesystem::path(h) / ".cache" / "kprove";
  return std::filesystem::temp_directory_path() / "kprove-cache";
}

ProofCache::ProofCache(std::filesystem::path dir, std::string configuration)
    : dir_(std::move(dir)), configuration_(std::move(configuration)) {}

std::string ProofCache::keyText(const prover::Query &q) const {
  return configuration_ + "\n" + canonicalQueryText(q);
}

std::filesystem::path ProofCache::fileOf(const std::string &key) const {
  std::string h = fmt::format("{:016x}", fnv1a(key));
  return dir_ / h.substr(0, 2) / (h.substr(2) + ".json");
}

std::optional<prover::Answer> ProofCache::lookup(const prover::Query &q) const {
  std::string key = keyText(q);
  std::ifstream in(fileOf(key));
  if (!in)
    return std::nullopt;
  // A damaged or foreign file is a miss.
  json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object() || !j.contains("key") || !j["key"].is_string() || j["key"] != key)
    return std::nullopt;
  prover::Answer a;
  std::string verdict = j.value("verdict", "");
  if (verdict == "proved")
    a.verdict = prover::Verdict::Proved;
  else if (verdict == "failed")
    a.verdict = prover::Verdict::Failed;
  else
    return std::nullopt;
  if (!j.contains("witness") || !j["witness"].is_array())
    return std::nullopt;
  for (const json &w : j["witness"]) {
    if (!w.is_string())
      return std::nullopt;
    a.witness.push_back(w.get<std::string>());
  }
  a.witnessConfirmed = j.value("confirmed", false);
  a.cached = true;
  return a;
}

void ProofCache::store(const prover::Query &q, const prover::Answer &a) const {
  if (a.verdict == prover::Verdict::Unknown || a.cached)
    return;
  std::string key = keyText(q);
  std::filesystem::path file = fileOf(key);
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec)
    return; // an unwritable cache only costs time
  json j = {{"key", key},
            {"verdict", prover::verdictName(a.verdict)},
            {"witness", a.witness},
            {"confirmed", a.witnessConfirmed},
            {"seconds", a.seconds}};
  // Written aside and renamed: a reader (another worker, another kprove) sees the
  // old file or the whole new one.
  std::ostringstream tmpName;
  tmpName << file.filename().string() << ".tmp" << getpid() << "-"
          << std::hash<std::thread::id>{}(std::this_thread::get_id());
  std::filesystem::path tmp = file.parent_path() / tmpName.str();
  {
    std::ofstream out(tmp);
    out << j.dump();
    if (!out)
      return;
  }
  std::filesystem::rename(tmp, file, ec);
  if (ec)
    std::filesystem::remove(tmp, ec);
}

} // namespace kprove::driver
