// The Language Server Protocol's base protocol: JSON-RPC 2.0 messages framed by a
// `Content-Length: N` header and a blank line, over a byte stream (stdin/stdout).
#pragma once

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>

namespace kprove::lsp {

using json = nlohmann::json;

// The next message's body; nullopt at end of input or on a malformed header
// (the stream cannot be resynchronised then). `error` says which.
std::optional<std::string> readMessage(std::istream &in, std::string &error);

// Writes framed messages; safe to call from several threads.
class Writer {
public:
  explicit Writer(std::ostream &out) : out_(out) {}
  void send(const json &message);
  void respond(const json &id, json result);
  void respondError(const json &id, int code, const std::string &message);
  void notify(const std::string &method, json params);

private:
  std::ostream &out_;
  std::mutex mutex_;
};

// JSON-RPC and LSP error codes.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kServerNotInitialized = -32002;

} // namespace kprove::lsp
