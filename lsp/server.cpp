#include "lsp/server.h"

#include "driver/proof_cache.h"
#include "driver/stdlib_dir.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <thread>

namespace kprove::lsp {

namespace {

// file:///a/b%20c.pvl -> /a/b c.pvl; other schemes keep their text (the
// extension still picks the front end).
std::string uriToPath(const std::string &uri) {
  std::string rest = uri.rfind("file://", 0) == 0 ? uri.substr(7) : uri;
  std::string out;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size() && std::isxdigit(rest[i + 1]) &&
        std::isxdigit(rest[i + 2])) {
      out += static_cast<char>(std::stoi(rest.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += rest[i];
    }
  }
  return out;
}

json capabilities() {
  return {
      {"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", {{"includeText", true}}}}},
      {"hoverProvider", true},
      {"definitionProvider", true},
      {"codeLensProvider", {{"resolveProvider", false}}}};
}

} // namespace

Server::Server(std::istream &in, std::ostream &out, driver::RunOptions opts)
    : in_(in), out_(out), opts_(std::move(opts)) {
  worker_ = std::thread([this] { work(); });
}

Server::~Server() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    if (runningCancel_)
      runningCancel_->store(true);
  }
  wake_.notify_all();
  worker_.join();
}

int Server::run() {
  std::string error;
  while (auto body = readMessage(in_, error)) {
    json message = json::parse(*body, nullptr, false);
    if (message.is_discarded() || !message.is_object()) {
      out_.respondError(nullptr, kParseError, "the message is not a JSON object");
      continue;
    }
    if (message.value("method", "") == "exit")
      return shutdown_ ? 0 : 1;
    handle(message);
  }
  if (!error.empty())
    std::cerr << "kprove lsp: " << error << "\n";
  return shutdown_ ? 0 : 1;
}

void Server::handle(const json &message) {
  std::string method = message.value("method", "");
  json params = message.contains("params") ? message["params"] : json::object();
  if (!message.contains("id")) {
    if (!method.empty() && (initialized_ || method == "initialized"))
      handleNotification(method, params);
    return; // a response from the client, or a notification before initialize
  }
  const json &id = message["id"];
  if (method.empty()) {
    out_.respondError(id, kInvalidRequest, "a request needs a method");
  } else if (!initialized_ && method != "initialize") {
    out_.respondError(id, kServerNotInitialized, "the server is not initialized");
  } else {
    try {
      handleRequest(id, method, params);
    } catch (const json::exception &e) {
      out_.respondError(id, kInvalidParams, std::string("invalid parameters: ") + e.what());
    }
  }
}

void Server::handleRequest(const json &id, const std::string &method, const json &params) {
  if (method == "initialize") {
    initialized_ = true;
    out_.respond(id, {{"capabilities", capabilities()},
                      {"serverInfo", {{"name", "kprove"}, {"version", "0.1.0"}}}});
  } else if (method == "shutdown") {
    shutdown_ = true;
    out_.respond(id, nullptr);
  } else if (method == "textDocument/hover" || method == "textDocument/definition") {
    auto a = analysisOf(params);
    int64_t line = params.at("position").at("line").get<int64_t>();
    int64_t character = params.at("position").at("character").get<int64_t>();
    std::optional<json> r;
    if (a)
      r = method == "textDocument/hover" ? hover(*a, line, character)
                                         : definition(*a, line, character);
    out_.respond(id, r ? *r : json(nullptr));
  } else if (method == "textDocument/codeLens") {
    auto a = analysisOf(params);
    out_.respond(id, a ? codeLenses(*a) : json::array());
  } else {
    out_.respondError(id, kMethodNotFound, "kprove does not implement '" + method + "'");
  }
}

void Server::handleNotification(const std::string &method, const json &params) {
  try {
    if (method == "textDocument/didOpen") {
      const json &doc = params.at("textDocument");
      update(doc.at("uri").get<std::string>(), doc, true, true);
    } else if (method == "textDocument/didChange") {
      // Full synchronisation: the last change holds the whole text. A change
      // cancels the running verification of the old text; the next save verifies.
      const json &doc = params.at("textDocument");
      json latest = params.at("contentChanges").back();
      latest["version"] = doc.value("version", int64_t{0});
      update(doc.at("uri").get<std::string>(), latest, false);
    } else if (method == "textDocument/didSave") {
      update(params.at("textDocument").at("uri").get<std::string>(), params, true);
    } else if (method == "textDocument/didClose") {
      close(params.at("textDocument").at("uri").get<std::string>());
    }
  } catch (const json::exception &e) {
    std::cerr << "kprove lsp: ignoring malformed " << method << ": " << e.what() << "\n";
  }
}

void Server::update(const std::string &uri, const json &params, bool verify, bool open) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // A change or save of a document that is not open (never opened, or after its
    // didClose) has no text to verify: it is ignored, never verified as empty.
    if (!open && !docs_.count(uri)) {
      std::cerr << "kprove lsp: ignoring a change of '" << uri << "', which is not open\n";
      return;
    }
    Document &d = docs_[uri];
    if (d.path.empty())
      d.path = uriToPath(uri);
    if (params.contains("text"))
      d.text = params["text"].get<std::string>();
    if (params.contains("version"))
      d.version = params["version"].get<int64_t>();
    ++d.generation;
    if (runningUri_ == uri && runningCancel_)
      runningCancel_->store(true); // a newer edit: that run is stale
  }
  if (verify)
    schedule(uri);
}

void Server::close(const std::string &uri) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    docs_.erase(uri);
    if (runningUri_ == uri && runningCancel_)
      runningCancel_->store(true);
  }
  out_.notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
}

void Server::schedule(const std::string &uri) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = docs_.find(uri);
    if (it == docs_.end())
      return;
    // One pending job per document: the newest.
    std::erase_if(queue_, [&](const Job &j) { return j.uri == uri; });
    queue_.push_back({uri, it->second.generation});
  }
  wake_.notify_all();
}

std::shared_ptr<const Analysis> Server::analysisOf(const json &params) {
  std::string uri = params.at("textDocument").at("uri").get<std::string>();
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = docs_.find(uri);
  return it == docs_.end() ? nullptr : it->second.last;
}

void Server::work() {
  for (;;) {
    Job job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_)
        return;
      job = queue_.front();
      queue_.pop_front();
    }
    verify(job);
  }
}

void Server::verify(const Job &job) {
  auto analysis = std::make_shared<Analysis>();
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  std::string path;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = docs_.find(job.uri);
    if (it == docs_.end() || it->second.generation != job.generation)
      return; // closed or changed since: a newer job (or none) stands
    analysis->uri = job.uri;
    analysis->version = it->second.version;
    analysis->text = it->second.text;
    path = it->second.path;
    runningUri_ = job.uri;
    runningCancel_ = cancel;
  }
  out_.notify("kprove/verifying", {{"uri", job.uri}, {"version", analysis->version}});

  // Failed obligations are published as they arrive, with their counterexample notes
  // (a kernel's after its replay); the final list replaces them.
  driver::RunOptions opts = opts_;
  opts.cancel = cancel.get();
  std::mutex partialMutex;
  json partial = json::array();
  LineIndex lines(analysis->text);
  opts.onObligation = [&](const driver::ObligationResult &o) {
    if (o.verdict != prover::Verdict::Failed || cancel->load())
      return;
    std::lock_guard<std::mutex> lock(partialMutex);
    partial.push_back(diagnosticJson({o.code, o.range, o.message, o.notes}, 1, lines, job.uri));
    out_.notify("textDocument/publishDiagnostics",
                {{"uri", job.uri}, {"version", analysis->version}, {"diagnostics", partial}});
  };
  SourceManager sources;
  try {
    analysis->result = driver::verifyText(path, analysis->text, opts, sources);
  } catch (const std::exception &e) {
    analysis->result.verdict = driver::Verdict::Invalid;
    analysis->result.errors.push_back(
        {DiagCode::Io, {}, std::string("internal error: ") + e.what(), {}});
  }
  bool stale;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    runningUri_.clear();
    runningCancel_.reset();
    auto it = docs_.find(job.uri);
    stale = cancel->load() || it == docs_.end() || it->second.generation != job.generation;
    if (!stale)
      it->second.last = analysis;
  }
  if (stale)
    return; // superseded: the newer run publishes
  out_.notify("textDocument/publishDiagnostics", diagnosticsParams(*analysis));
  out_.notify("kprove/verified", {{"uri", job.uri},
                                  {"version", analysis->version},
                                  {"verdict", driver::verdictName(analysis->result.verdict)},
                                  {"obligations", analysis->result.obligations},
                                  {"seconds", analysis->result.seconds}});
}

int runLanguageServer(int argc, char **argv) {
  CLI::App app{"kprove lsp: a language server for kprove over stdin/stdout (docs/editor.md)",
               "kprove lsp"};
  driver::RunOptions opts;
  // The ranges are stated in the descriptions; an empty validator description
  // keeps CLI11's "UINT:UINT in [1 - 86400]" out of the help.
  app.add_option("--timeout", opts.timeoutSeconds,
                 fmt::format("per-obligation limit on the solver's CPU time, 1 to 86400 (default {})",
                             opts.timeoutSeconds))
      ->type_name("SECONDS")
      ->check(CLI::Validator(CLI::Range(1u, 86400u)).description(""));
  app.add_option("--rlimit", opts.rlimit,
                 fmt::format("per-obligation solver budget in Z3 resource units (default {}; 0: "
                             "none)",
                             opts.rlimit))
      ->type_name("UNITS")
      ->check(CLI::Validator(CLI::Range(0u, 4000000000u)).description(""));
  opts.jobs = std::clamp(std::thread::hardware_concurrency(), 1u, 256u);
  app.add_option("--jobs", opts.jobs,
                 fmt::format("obligations proved in parallel, 1 to 256 (default: the number of "
                             "cores, {})",
                             opts.jobs))
      ->type_name("N")
      ->check(CLI::Validator(CLI::Range(1u, 256u)).description(""));
  // An editor verifies on every save: answers to unchanged obligations are reused.
  opts.cacheDir = driver::defaultCacheDir().string();
  bool noCache = false;
  app.add_flag("--no-cache", noCache,
               "prove every obligation afresh (default: reuse the answers kept in "
               "KPROVE_CACHE_DIR, else XDG_CACHE_HOME/kprove, else ~/.cache/kprove)");
  std::string stdlib;
  app.add_option("--stdlib", stdlib,
                 "directory holding kprove's opencl.h and cuda.h (default: as for kprove)")
      ->type_name("DIR");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (const char *dir = std::getenv("KPROVE_STDLIB"); dir && *dir)
    opts.stdlibDir = dir;
  if (!stdlib.empty())
    opts.stdlibDir = stdlib;
  if (noCache)
    opts.cacheDir.clear();
  std::ios::sync_with_stdio(false);
  Server server(std::cin, std::cout, opts);
  return server.run();
}

} // namespace kprove::lsp
