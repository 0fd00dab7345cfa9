// `kprove lsp`: a Language Server Protocol server over a byte stream (stdio).
// The reader thread answers requests from the last finished verification of each
// document; one worker thread verifies documents in the background (on open and
// save), publishing diagnostics per failed obligation as they arrive and all of
// them at the end. A newer edit of a document cancels its running verification.
#pragma once

#include "driver/pipeline.h"
#include "lsp/features.h"
#include "lsp/jsonrpc.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <iosfwd>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace kprove::lsp {

class Server {
public:
  // `opts` are the pipeline's options for every verification (timeout, jobs, ...).
  Server(std::istream &in, std::ostream &out, driver::RunOptions opts);
  ~Server();
  Server(const Server &) = delete;
  Server &operator=(const Server &) = delete;

  // Serves until `exit` or end of input; the process exit code (0 after shutdown).
  int run();

private:
  struct Document {
    std::string path;
    std::string text;
    int64_t version = 0;
    uint64_t generation = 0;              // bumped by every change: a job for an older one is stale
    std::shared_ptr<const Analysis> last; // the last finished verification
  };
  struct Job {
    std::string uri;
    uint64_t generation = 0;
  };

  void handle(const json &message);
  void handleRequest(const json &id, const std::string &method, const json &params);
  void handleNotification(const std::string &method, const json &params);
  void update(const std::string &uri, const json &params, bool verify, bool open = false);
  void close(const std::string &uri);
  void schedule(const std::string &uri);
  std::shared_ptr<const Analysis> analysisOf(const json &params);
  void work();
  void verify(const Job &job);

  std::istream &in_;
  Writer out_;
  driver::RunOptions opts_;
  bool initialized_ = false, shutdown_ = false;

  std::mutex mutex_; // guards everything below
  std::condition_variable wake_;
  std::map<std::string, Document> docs_;
  std::deque<Job> queue_;
  std::string runningUri_; // the document the worker verifies now, if any
  std::shared_ptr<std::atomic<bool>> runningCancel_;
  bool stopping_ = false;
  std::thread worker_;
};

// `kprove lsp [--timeout S] [--jobs N] [--stdlib DIR]` on stdin/stdout.
int runLanguageServer(int argc, char **argv);

} // namespace kprove::lsp
